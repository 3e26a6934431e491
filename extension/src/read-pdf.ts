/**
 * Reading a PDF with the browser's own access, for links the service cannot
 * fetch: the request carries the person's cookies for that site and reaches
 * intranet hosts; file:// works when "Allow access to file URLs" is on.
 * Host access to the PDF's origin is optional: without it this throws
 * NeedsAccess, and the popup offers a button whose click asks for it (Chrome
 * grants optional permissions only inside a user gesture, which has passed by
 * the time the service has refused the link).
 */
import { UserFacingError } from './error-words.ts';
import { hostPattern } from './host-pattern.ts';

/** Where "Allow access to file URLs" is, for the sentence shown when it is off. */
export const FILE_ACCESS_HELP =
  'To convert files on this computer, allow it: open chrome://extensions, choose Details under p2m, and turn on "Allow access to file URLs". Or pick the file in the popup.';

/** The extension lacks host access to a PDF's site; `pattern` is what to ask for. */
export class NeedsAccess extends UserFacingError {
  readonly pattern: string;
  readonly host: string;
  constructor(pattern: string, host: string) {
    super(`The service cannot reach this PDF, so the browser must read it, and p2m needs your permission to read pages on ${host}.`);
    this.pattern = pattern;
    this.host = host;
  }
}

/** Reads the bytes of a PDF at an http(s) or file URL. */
export async function readPdf(url: string): Promise<Uint8Array> {
  const isFile = url.startsWith('file:');
  if (isFile && !(await chrome.extension.isAllowedFileSchemeAccess())) throw new UserFacingError(FILE_ACCESS_HELP);
  const pattern = hostPattern(url);
  if (!(await chrome.permissions.contains({ origins: [pattern] }))) throw new NeedsAccess(pattern, new URL(url).host || 'this computer');
  const bytes = isFile ? await readFileUrl(url) : await readHttp(url);
  if (!isPdf(bytes)) throw new UserFacingError('That address does not lead to a PDF (perhaps a sign-in page); open the PDF itself and try again.');
  return bytes;
}

async function readHttp(url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include' });
  } catch {
    throw new UserFacingError(`The browser could not reach ${new URL(url).host} either.`);
  }
  if (!res.ok) throw new UserFacingError(`${new URL(url).host} answered ${res.status} ${res.statusText} when the browser asked for the PDF.`);
  return new Uint8Array(await res.arrayBuffer());
}

// fetch() refuses file: URLs, XMLHttpRequest does not (extension pages only; the worker has no XHR).
function readFileUrl(url: string): Promise<Uint8Array> {
  if (typeof XMLHttpRequest === 'undefined') throw new UserFacingError('Open the local PDF in a tab and convert it from the p2m popup.');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = 'arraybuffer';
    xhr.onload = () => resolve(new Uint8Array(xhr.response as ArrayBuffer));
    xhr.onerror = () => reject(new UserFacingError('The browser could not read that file.'));
    xhr.send();
  });
}

/** PDFs start with %PDF- within their first kilobyte. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}
