/**
 * The popup's recent conversions: each job's status read fresh from the
 * service. Expired jobs (v1 reads them as error with error_code expired, or
 * 404 once the tombstone is gone) show as expired, not as errors.
 */
import { DeviceApiError, type V1Job } from '../../client/index.ts';
import { statusInWords } from './convert.ts';
import type { Service } from './device.ts';
import { button, byId, el } from './dom.ts';
import { forgetJob, recentJobs, type RecentJob } from './recent-jobs.ts';

const SOURCE_WORDS = { file: 'file', tab: 'tab', menu: 'link menu' } as const;

type Show = (job: V1Job, markdown: string) => void;

/** Redraws the list; `show` puts a ready job's Markdown in the result area. */
export async function renderRecent(svc: Service, show: Show): Promise<void> {
  const list = byId('recent');
  const entries = await recentJobs(svc.baseUrl);
  const items = await Promise.all(entries.map((entry) => itemFor(svc, entry, show, () => renderRecent(svc, show))));
  list.replaceChildren(...items);
  byId('recent-empty').hidden = entries.length > 0;
}

async function itemFor(svc: Service, entry: RecentJob, show: Show, refresh: () => Promise<void>): Promise<HTMLLIElement> {
  const item = el('li');
  item.append(el('div', entry.file_name, { class: 'name' }));
  const state = el('div', '', { class: 'hint' });
  item.append(state);
  let job: V1Job | undefined;
  try {
    job = await svc.device.getJob(entry.job_id);
    state.textContent = `${statusInWords(job).replace(/^.*?: /, '')} From the ${SOURCE_WORDS[entry.source]}.`;
  } catch (error) {
    state.textContent = error instanceof DeviceApiError && error.status === 404 ? 'Expired: the service no longer keeps this job.' : 'Status unknown: the service is unreachable.';
  }
  const actions = el('div', '', { class: 'actions' });
  if (job?.status === 'ready') {
    const ready = job;
    actions.append(button(`Show ${entry.file_name}`, async () => show(ready, await svc.device.download(ready.job_id))));
  }
  actions.append(
    button(`Remove ${entry.file_name}`, async () => {
      if (job && job.status !== 'error') await svc.device.deleteJob(entry.job_id).catch(() => undefined);
      await forgetJob(svc.baseUrl, entry.job_id);
      await refresh();
    }),
  );
  item.append(actions);
  return item;
}
