/**
 * The popup: convert the current tab, or a PDF chosen with the file picker or
 * dropped on the window; progress from the v1 status; then the Markdown with
 * Copy (through the worker's offscreen page) and Download .md.
 */
import './no-eval.ts';
import type { V1Job } from '../../client/index.ts';
import { convertBytes, convertLink, type Converted } from './convert.ts';
import { service, type Service } from './device.ts';
import { byId } from './dom.ts';
import { UserFacingError } from './error-words.ts';
import { clearProblem, showProblem } from './popup-problem.ts';
import { renderRecent } from './popup-recent.ts';
import { FILE_ACCESS_HELP, readPdf } from './read-pdf.ts';

const status = (text: string) => (byId('status').textContent = text);
let current: { markdown: string; fileName: string } | undefined;
let svcPromise: Promise<Service> | undefined;
const svc = () => (svcPromise ??= service().catch((e: unknown) => ((svcPromise = undefined), Promise.reject(e))));

function showResult(job: V1Job, markdown: string): void {
  const fileName = job.file_name ?? 'document.pdf';
  current = { markdown, fileName };
  byId<HTMLTextAreaElement>('markdown').value = markdown;
  byId('result').hidden = false;
  status(`${fileName}: converted${job.truncated ? ' (only in part: the document ran past its time budget)' : ''}.`);
}

/** Runs one conversion with progress, result and errors in the popup. */
async function run(start: (s: Service) => Promise<Converted>, retry?: () => void): Promise<void> {
  clearProblem();
  const buttons = [byId<HTMLButtonElement>('convert'), byId<HTMLButtonElement>('convert-tab')];
  buttons.forEach((b) => (b.disabled = true));
  let s: Service | undefined;
  try {
    s = await svc();
    const { job, markdown } = await start(s);
    showResult(job, markdown);
  } catch (error) {
    status('');
    await showProblem(s, error, refresh, retry);
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    await refresh();
  }
}

async function refresh(): Promise<void> {
  const s = await svc().catch(() => undefined);
  if (s) await renderRecent(s, showResult).catch(() => undefined);
}

async function convertFile(file: File | undefined): Promise<void> {
  if (!file) return void (await showProblem(undefined, new UserFacingError('Choose a PDF file first.'), refresh));
  const bytes = new Uint8Array(await file.arrayBuffer());
  await run((s) => convertBytes(s, bytes, file.name, 'file', (text) => status(text)));
}

async function convertTab(): Promise<void> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url ?? '';
  if (!/^(https?|file):/.test(url)) {
    return void (await showProblem(undefined, new UserFacingError('The current tab does not show a PDF from the web or this computer. Open the PDF, or choose the file below.'), refresh));
  }
  await run((s) => convertLink(s, url, 'tab', readPdf, (text) => status(text)), () => void convertTab());
}

function download(): void {
  if (!current) return;
  const blob = new Blob([current.markdown], { type: 'text/markdown;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = current.fileName.replace(/\.pdf$/i, '') + '.md';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}

async function copy(): Promise<void> {
  if (!current) return;
  const reply = (await chrome.runtime.sendMessage({ type: 'copy', text: current.markdown })) as { copied?: boolean } | undefined;
  status(reply?.copied ? 'Copied the Markdown to the clipboard.' : 'Could not copy; select the text and copy it yourself.');
}

function wireDrop(): void {
  const zone = byId('drop-zone');
  const input = byId<HTMLInputElement>('file');
  document.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    const file = [...(e.dataTransfer?.files ?? [])].find((f) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name));
    if (!file) return void showProblem(undefined, new UserFacingError('Drop a PDF file.'), refresh);
    const list = new DataTransfer();
    list.items.add(file);
    input.files = list.files;
    void convertFile(file);
  });
}

async function describeTab(): Promise<void> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  const info = byId('tab-info');
  if (tab?.url?.startsWith('file:') && !(await chrome.extension.isAllowedFileSchemeAccess())) info.textContent = FILE_ACCESS_HELP;
  else if (tab?.title) info.textContent = `Current tab: ${tab.title}`;
}

byId('file-form').addEventListener('submit', (e) => {
  e.preventDefault();
  void convertFile(byId<HTMLInputElement>('file').files?.[0]);
});
byId('convert-tab').addEventListener('click', () => void convertTab());
byId('copy').addEventListener('click', () => void copy());
byId('download').addEventListener('click', download);
wireDrop();
void describeTab();
void refresh();
