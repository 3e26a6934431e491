import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { jobs } from '../../db/schema.ts';
import { defineOperation } from '../operation.ts';
import { decodeCursor, encodeCursor } from '../pagination/time-cursor.ts';
import { usageOf } from './job-access.ts';
import { Job, JobStatus, SlotUsage } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { visibleTo } from './owner.ts';
import { effectiveStatus, JOB_READ_COLUMNS } from './read-columns.ts';

export const listJobs = defineOperation({
  name: 'list_jobs',
  title: 'List jobs',
  description: 'The caller\'s jobs, newest first, optionally filtered by status. Pass next_cursor back as cursor for the next page.',
  scope: 'jobs:read',
  errors: ['bad_input'],
  actors: ['api_key', 'session', 'device'],
  input: z.object({
    status: JobStatus.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ items: z.array(Job), next_cursor: z.string().nullable(), slot_usage: SlotUsage, tier: z.string() }),
  async handler(ctx, { status, limit, cursor }) {
    const where: (SQL | undefined)[] = [visibleTo(ctx.principal), isNull(jobs.deletedAt)];
    if (status) where.push(sql`${effectiveStatus} = ${status}`);
    if (cursor) {
      const c = decodeCursor(cursor);
      const t = new Date(c.t);
      where.push(or(lt(jobs.createdAt, t), and(eq(jobs.createdAt, t), lt(jobs.id, c.id))));
    }
    const rows = await ctx.db
      .select(JOB_READ_COLUMNS)
      .from(jobs)
      .where(and(...where))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit + 1);
    const usage = await usageOf(ctx);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => toJobView(r, usage, ctx.principal.tier)),
      next_cursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      slot_usage: usage,
      tier: ctx.principal.tier,
    };
  },
});
