/**
 * The popup's error area. slots_full gets more than words: which jobs hold
 * the slots (with Cancel), and an offer to delete the finished ones.
 */
import { DeviceApiError, type V1Job } from '../../client/index.ts';
import { clientConfig } from './convert.ts';
import type { Service } from './device.ts';
import { button, byId, el } from './dom.ts';
import { errorInWords } from './error-words.ts';
import { NeedsAccess } from './read-pdf.ts';
import { forgetJob } from './recent-jobs.ts';

const ACTIVE = new Set(['queued', 'processing']);

export function clearProblem(): void {
  const box = byId('problem');
  box.replaceChildren();
  box.hidden = true;
}

/**
 * Shows an error in words; `refresh` redraws the recent list after a
 * deletion, `retry` runs the conversion again once access was granted.
 */
export async function showProblem(svc: Service | undefined, error: unknown, refresh: () => Promise<void>, retry?: () => void): Promise<void> {
  const box = byId('problem');
  const maxFileBytes = svc ? await clientConfig(svc).then((c) => c.max_file_size, () => undefined) : undefined;
  box.replaceChildren(el('p', errorInWords(error, maxFileBytes === undefined ? {} : { maxFileBytes })));
  box.hidden = false;
  if (svc && error instanceof DeviceApiError && error.code === 'slots_full') await showSlots(svc, box, refresh);
  if (error instanceof NeedsAccess && retry) box.append(accessButton(error, retry));
}

// permissions.request must be the first thing the click does: Chrome grants only inside the user gesture.
function accessButton(need: NeedsAccess, retry: () => void): HTMLButtonElement {
  const b = el('button', `Allow access to ${need.host}`, { type: 'button' });
  b.addEventListener('click', () => {
    void chrome.permissions.request({ origins: [need.pattern] }).then((granted) => {
      if (granted) retry();
      else b.replaceWith(el('p', 'Not allowed, so the PDF was not read. You can download it and choose the file instead.'));
    });
  });
  return b;
}

async function showSlots(svc: Service, box: HTMLElement, refresh: () => Promise<void>): Promise<void> {
  let jobs: V1Job[];
  try {
    jobs = await svc.device.listJobs();
  } catch {
    return;
  }
  const active = jobs.filter((j) => ACTIVE.has(j.status));
  const finished = jobs.filter((j) => !ACTIVE.has(j.status));
  if (active.length > 0) {
    box.append(el('p', `These conversions hold the slots: ${active.map(describe).join('; ')}.`));
    const list = el('ul');
    for (const job of active) {
      const item = el('li', `${job.file_name ?? job.job_id} `);
      item.append(button(`Cancel ${job.file_name ?? 'job'}`, () => remove(svc, job, refresh)));
      list.append(item);
    }
    box.append(list);
  }
  if (finished.length > 0) {
    box.append(el('p', `${finished.length} finished ${finished.length === 1 ? 'conversion is' : 'conversions are'} still kept: ${finished.map((j) => j.file_name ?? j.job_id).join(', ')}.`));
    box.append(button('Delete finished jobs', async () => {
      for (const job of finished) await remove(svc, job, refresh);
      box.append(el('p', 'Deleted the finished jobs. Try again.'));
    }));
  }
}

async function remove(svc: Service, job: V1Job, refresh: () => Promise<void>): Promise<void> {
  await svc.device.deleteJob(job.job_id);
  await forgetJob(svc.baseUrl, job.job_id);
  await refresh();
}

function describe(job: V1Job): string {
  const name = job.file_name ?? job.job_id;
  if (job.status === 'queued') return `${name} (waiting)`;
  const p = job.progress;
  return p && p.pages_total !== null ? `${name} (${p.pages_done} of ${p.pages_total} pages)` : `${name} (converting)`;
}
