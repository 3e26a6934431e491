import type { Readable } from 'node:stream';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import type { PutResult } from '../blobs/blob-store.ts';
import { isEgressError } from '../egress/egress-error.ts';
import { withoutControls } from '../text/plain-text.ts';
import { newInputKey } from './job-blob-keys.ts';

export type JobSource =
  | { kind: 'upload'; body: Readable | AsyncIterable<Uint8Array>; fileName?: string }
  | { kind: 'url'; url: string };

export type StoredInput = PutResult & { key: string; fileName: string; sourceUrl: string | null };

// PDF readers accept the header anywhere in the first 1024 bytes.
const isPdf = (head: Buffer) => head.subarray(0, 1024).includes('%PDF-');

/** Streams the source into blob storage under the tier's byte cap, then checks it is a PDF. */
export async function storeInput(ctx: Ctx, jobId: string, source: JobSource, maxBytes: number): Promise<StoredInput> {
  const key = newInputKey(jobId);
  let put: PutResult;
  let opened: Awaited<ReturnType<typeof openSource>>;
  try {
    opened = await openSource(ctx, source);
    put = await ctx.blobs.put(key, opened.body, { maxBytes });
  } catch (err) {
    throw linkError(err, source);
  }
  const { fileName, sourceUrl } = opened;
  if (put.size === 0 || !isPdf(put.head)) {
    await ctx.blobs.delete(key);
    throw new DomainError('not_a_pdf', sourceUrl ? `The link does not point to a PDF: ${sourceUrl}` : 'The file is not a PDF.');
  }
  return { ...put, key, fileName, sourceUrl };
}

async function openSource(ctx: Ctx, source: JobSource) {
  if (source.kind === 'upload') {
    return { body: source.body, fileName: source.fileName ?? 'document.pdf', sourceUrl: null };
  }
  const res = await ctx.fetcher.fetchToStream(source.url);
  return { body: res.stream, fileName: fileNameFromUrl(res.finalUrl), sourceUrl: source.url };
}

export function fileNameFromUrl(url: string): string {
  try {
    const last = withoutControls(decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''));
    return last.trim() ? last.slice(0, 255) : 'document.pdf';
  } catch {
    return 'document.pdf';
  }
}

/** A link that cannot be fetched is the caller's input error (400), never a stuck job. */
function linkError(err: unknown, source: JobSource): unknown {
  if (!isEgressError(err) || source.kind !== 'url') return err;
  if (err.code === 'too_large') return new DomainError('too_large', `The PDF at the link is larger than the limit.`, { cause: err });
  const detail = err.code === 'http_status' ? `the server answered ${err.status}` : err.message;
  return new DomainError('fetch_failed', `Could not fetch ${source.url}: ${detail}`, { cause: err });
}
