/** The Content-Disposition of a download: the one spelling for every attachment the service sends. */
/** RFC 6266: an ASCII fallback plus the exact name in RFC 8187 UTF-8 form. */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
