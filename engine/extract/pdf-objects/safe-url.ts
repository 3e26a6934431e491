/**
 * URL safety for link targets. pdf.js gives a link a `url` only when the
 * target is an absolute http(s), ftp, mailto or tel URL (createValidAbsoluteUrl
 * in its worker), and the raw text as `unsafeUrl` otherwise; this module
 * reproduces that and decides which targets may become Markdown hrefs.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'tel:']);

/** pdf.js stringToUTF8String: the bytes as UTF-8 if they are valid UTF-8, else unchanged. */
function bytesAsUtf8(s: string): string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return s;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Buffer.from(s, 'latin1'));
  } catch {
    return s;
  }
}

function safeAbsolute(url: string, base: string | null): string | undefined {
  const parsed = base ? URL.parse(url, base) : URL.parse(url);
  return parsed && SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
}

/**
 * A link target as pdf.js's LinkAnnotation resolves it (createValidAbsoluteUrl
 * with addDefaultProtocol and tryConvertEncoding): the absolute URL's href
 * when its protocol is safe, else undefined.
 */
export function safeLinkUrl(raw: string, base: string | null): string | undefined {
  if (!raw) return undefined;
  const url = raw.startsWith('www.') && (raw.match(/\./g)?.length ?? 0) >= 2 ? `http://${raw}` : raw;
  return safeAbsolute(bytesAsUtf8(url), base);
}

/** The catalog's /URI /Base as pdf.js resolves it (tryConvertEncoding only), else undefined. */
export function safeBaseUrl(raw: string): string | undefined {
  return raw ? safeAbsolute(bytesAsUtf8(raw), null) : undefined;
}

function hasControlOrSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * True for a relative reference such as `../guide/index.md#install`: no
 * scheme, and nothing before the first `/`, `?` or `#` that Markdown could
 * turn into one (a colon, an `&#58;` entity, a `\:` escape), no control
 * characters, no whitespace.
 */
export function isRelativeReference(raw: string): boolean {
  if (!raw || hasControlOrSpace(raw)) return false;
  const head = raw.split(/[/?#]/, 1)[0] ?? '';
  return !/[:&\\]/.test(head) && URL.parse(raw) === null;
}

/**
 * The href a link may carry in Markdown: pdf.js's safe `url`, or else the raw
 * target when it is a plain relative reference. javascript:, data:, file: and
 * every other scheme outside pdf.js's safe list yield undefined.
 */
export function linkHref(url: string | undefined, unsafeUrl: string | undefined): string | undefined {
  if (url) return url;
  return unsafeUrl && isRelativeReference(unsafeUrl) ? unsafeUrl : undefined;
}
