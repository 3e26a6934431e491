/** The service origin a build is for: an http(s) origin, or a clear refusal. */
export function normaliseOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`P2M_EXTENSION_SERVICE_URL is not a URL: ${input}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`P2M_EXTENSION_SERVICE_URL must be http(s): ${input}`);
  return url.origin;
}
