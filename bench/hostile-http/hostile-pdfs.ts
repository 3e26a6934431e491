/**
 * Every PDF of the corpus's hostile folder uploaded as a job, then waited for
 * until each has settled (ready, error or canceled) or the deadline passes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Service } from './service.ts';

export type PdfOutcome = { file: string; created: number; status: string };

async function upload(s: Service, dir: string, file: string): Promise<{ status: number; id?: string }> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(join(dir, file))], { type: 'application/pdf' }), file);
  const res = await fetch(`${s.base}/api/v2/jobs`, { method: 'POST', headers: { authorization: `Bearer ${s.key}` }, body: form });
  const body = (await res.json()) as { job_id?: string };
  return { status: res.status, ...(body.job_id ? { id: body.job_id } : {}) };
}

async function statusOf(s: Service, id: string): Promise<string> {
  const res = await fetch(`${s.base}/api/v2/jobs/${id}`, { headers: { authorization: `Bearer ${s.key}` } });
  return res.ok ? ((await res.json()) as { status: string }).status : `http ${res.status}`;
}

export async function runHostilePdfs(s: Service, dir: string, deadlineMs: number): Promise<PdfOutcome[]> {
  const files = readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
  const created: { file: string; status: number; id?: string }[] = [];
  for (const file of files) created.push({ file, ...(await upload(s, dir, file)) });
  const until = Date.now() + deadlineMs;
  const outcomes = new Map<string, string>();
  while (Date.now() < until) {
    for (const c of created) {
      if (!c.id || ['ready', 'error', 'canceled'].includes(outcomes.get(c.file) ?? '')) continue;
      outcomes.set(c.file, await statusOf(s, c.id));
    }
    if (created.every((c) => !c.id || ['ready', 'error', 'canceled'].includes(outcomes.get(c.file) ?? ''))) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return created.map((c) => ({ file: c.file, created: c.status, status: c.id ? (outcomes.get(c.file) ?? 'queued') : 'not created' }));
}
