/**
 * Every failure as a sentence for people. A v1 error code is never shown
 * raw: known codes get their own words, anything else a generic sentence
 * with the server's message (which is written for people too).
 */
import { DeviceApiError } from '../../client/index.ts';

/** Thrown by the extension itself with a finished sentence. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** The size-limit sentence, shared by the local check and a 413 from the service. */
export function tooLargeSentence(maxBytes: number | undefined, size?: number): string {
  const limit = maxBytes === undefined ? 'the size limit of the service' : `the limit of ${formatBytes(maxBytes)}`;
  const what = size === undefined ? 'This PDF' : `This PDF (${formatBytes(size)})`;
  return `${what} is larger than ${limit} for one conversion, so it was not converted.`;
}

const WORDS: Record<string, string> = {
  unauthenticated: 'The service did not recognise this browser. Try again; if it keeps happening, reset the device on the options page.',
  device_blocked: 'The service has blocked this browser.',
  forbidden: 'The service refused this request.',
  not_found: 'The service has no such job any more; it may have been deleted or expired.',
  gone: 'This result has expired: the service deletes converted Markdown after its retention period.',
  not_ready: 'The conversion has not finished yet.',
  rate_limited: 'Too many requests in a short time. Wait a minute and try again.',
  replay: 'The request was sent twice. Try again.',
  not_a_pdf: 'That file is not a PDF.',
  fetch_failed: 'The service could not download that PDF.',
  bad_input: 'The service could not use that input.',
  not_configured: 'Linking to an account is not set up on this service.',
  not_linked: 'This browser is not linked to an account.',
};

/** A sentence for any error thrown while talking to the service. */
export function errorInWords(error: unknown, context: { maxFileBytes?: number } = {}): string {
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof TypeError) return 'The p2m service is unreachable. Check your connection, or the service address on the options page.';
  if (error instanceof DeviceApiError) {
    if (error.status === 413 || error.code === 'too_large') return tooLargeSentence(context.maxFileBytes);
    if (error.code === 'slots_full') return 'All your conversion slots are busy.';
    const words = WORDS[error.code];
    if (words) return words;
    if (error.status >= 500) return 'The p2m service had a problem. Try again in a moment.';
    return `The service could not do that: ${error.message}`;
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'The conversion is taking long. It goes on at the service: see Recent conversions.';
  return 'Something went wrong in the extension. Try again.';
}

/** Words for a failed job's error_code (the closed set of the service). */
export function jobErrorInWords(code: string | undefined, message: string | undefined): string {
  const words: Record<string, string> = {
    expired: 'Expired: the Markdown was deleted when its retention period ended.',
    not_a_pdf: 'The file is not a PDF.',
    malformed_pdf: 'The PDF is damaged and could not be read.',
    encrypted_pdf: 'The PDF is password-protected, so it cannot be converted.',
    no_pages: 'The PDF has no pages.',
    too_many_pages: 'The PDF has more pages than one conversion may handle.',
    timeout: 'The conversion took longer than the time allowed.',
  };
  return (code && words[code]) ?? message ?? 'The conversion failed.';
}
