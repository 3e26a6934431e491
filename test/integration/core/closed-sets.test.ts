/**
 * Job status and job error codes are closed sets, one zod enum each in core,
 * enforced by the database (CHECK constraints of migration 0001) and
 * published as enums in the API schemas.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JobErrorCode } from '../../../core/jobs/job-error-code.ts';
import { Job } from '../../../core/jobs/job-schema.ts';
import { JobStatus } from '../../../core/jobs/job-status.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload } from '../../../core/operations.ts';
import type { EngineErrorCode } from '../../../engine/types.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';

// Every engine failure code is a job error code (fails to compile otherwise).
const ENGINE_CODES_ARE_JOB_CODES: Exclude<EngineErrorCode, JobErrorCode> extends never ? true : false = true;

describe('closed sets', () => {
  it('the database refuses a status or error_code outside the enums, and a failed job without a code', async () => {
    expect(ENGINE_CODES_ARE_JOB_CODES).toBe(true);
    await using env = await fileEnv();
    const alice = await env.user();
    const { job_id } = await invoke(createJobFromUpload, env.ctx(alice.principal), { content_base64: (await makePdf()).toString('base64') });
    const set = (assignment: ReturnType<typeof sql>) => env.runtime.db.execute(sql`UPDATE jobs SET ${assignment} WHERE id = ${job_id}`);
    // Drizzle wraps the driver's error; the constraint's name is in its cause (pg and PGlite alike).
    const violated = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: { cause?: { constraint?: string; message?: string } }) => e.cause?.constraint ?? e.cause?.message ?? String(e),
      );
    expect(await violated(set(sql`status = 'done'`))).toContain('jobs_status_check');
    expect(await violated(set(sql`status = 'error', error_code = 'oops'`))).toContain('jobs_error_code_check');
    expect(await violated(set(sql`status = 'error', error_code = NULL`))).toContain('jobs_error_has_code');
    for (const status of JobStatus.options.filter((s) => s !== 'error')) await set(sql`status = ${status}`);
    for (const code of JobErrorCode.options) await set(sql`status = 'error', error_code = ${code}`);
  });

  it('the API schema publishes status and error_code as enums with their meanings', () => {
    const schema = JSON.stringify(Job.toJSONSchema());
    const props = (Job.toJSONSchema() as { properties: Record<string, { enum?: string[]; description?: string }> }).properties;
    expect(props.status?.enum).toEqual(JobStatus.options);
    expect(props.error_code?.enum).toEqual(JobErrorCode.options);
    expect(props.error_code?.description).toContain('fetch_interrupted: The service stopped while fetching the link.');
    expect(schema).toContain('expired: Was ready, but its retention ended');
  });
});
