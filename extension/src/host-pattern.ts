/**
 * The match pattern of a URL's host. Match patterns without a port cover
 * every port of the host, which is how Chrome grants host permissions.
 */
export function hostPattern(url: string): string {
  const u = new URL(url);
  return u.protocol === 'file:' ? 'file:///*' : `${u.protocol}//${u.hostname}/*`;
}
