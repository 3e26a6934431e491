import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { JOB_STATEMENTS, JOB_TRANSITIONS, nextStatus, type JobEvent } from './job-transitions.ts';
import { JobStatus } from './job-status.ts';

const root = new URL('../../', import.meta.url);

/**
 * The statuses a statement moves from and to, read from its SQL: `status = 'x'`
 * or `status IN (…)` under a WHERE are sources; `status = 'y'` or a CASE of
 * statuses under a SET are targets. Conditions in RETURNING are ignored.
 */
function statusesIn(source: string): { from: Set<string>; to: Set<string> } {
  const from = new Set<string>();
  const to = new Set<string>();
  let clause = '';
  const re = /\b(SET|WHERE|RETURNING|SELECT)\b|\b(?:j\.)?status\s*(?:=\s*(CASE\b[\s\S]*?\bEND|'\w+')|IN\s*\(([^)]*)\))/gi;
  for (const m of source.matchAll(re)) {
    if (m[1]) {
      clause = m[1].toUpperCase();
      continue;
    }
    const values = [...(m[2] ?? m[3] ?? '').matchAll(/'(\w+)'/g)].map((v) => v[1]!);
    const target = m[2]?.toUpperCase().startsWith('CASE') ? values.filter((v) => JobStatus.options.includes(v as JobStatus)) : values;
    if (clause === 'WHERE') values.forEach((v) => from.add(v));
    if (clause === 'SET') target.forEach((v) => to.add(v));
  }
  return { from, to };
}

describe('job state machine', () => {
  it.each(Object.entries(JOB_STATEMENTS))('%s moves jobs only as the table says', async (file, events) => {
    const { from, to } = statusesIn(await readFile(new URL(file, root), 'utf8'));
    const table = JobStatus.options.flatMap((s) =>
      events.flatMap((e: JobEvent) => (JOB_TRANSITIONS[s][e] ? [[s, JOB_TRANSITIONS[s][e]] as const] : [])),
    );
    expect([...from].sort()).toEqual([...new Set(table.map(([s]) => s))].sort());
    // A statement without a SET status (heartbeat, progress) leaves the status as it is.
    const targets = to.size ? to : from;
    expect([...targets].sort()).toEqual([...new Set(table.map(([, t]) => t))].sort());
  });

  it('every statement under worker/sql and core/jobs/sql that sets a status is in the table', async () => {
    const dirs = ['worker/sql', 'core/jobs/sql'];
    for (const dir of dirs) {
      for (const name of await readdir(new URL(`${dir}/`, root))) {
        const file = `${dir}/${name}`;
        const { to } = statusesIn(await readFile(new URL(file, root), 'utf8'));
        const setsStatus = [...to].some((s) => JobStatus.options.includes(s as JobStatus));
        if (setsStatus) expect(JOB_STATEMENTS, file).toHaveProperty([file]);
      }
    }
  });

  it('final statuses have no way out; every status but those is left by some event', () => {
    for (const s of ['error', 'canceled', 'expired'] as const) expect(JOB_TRANSITIONS[s]).toEqual({});
    expect(nextStatus('queued', 'complete')).toBeNull();
    expect(nextStatus('processing', 'complete')).toBe('ready');
  });
});
