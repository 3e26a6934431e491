import { isIP } from 'node:net';
import { EgressError } from './egress-error.ts';

/** Which URL schemes the client may fetch. */
export type SchemePolicy = 'http-or-https' | 'https-only';

/** A URL the client has accepted for one hop, before DNS. */
export type Target = {
  url: URL;
  /** Host without IPv6 brackets, lower-cased by the URL parser. */
  hostname: string;
  /** True when the host is an IP literal, so no DNS lookup happens. */
  isIpLiteral: boolean;
};

/** URL-level rules applied to the first URL and to every redirect hop. */
export type TargetPolicy = { schemes: SchemePolicy; allowedHosts?: readonly string[] };

const invalid = (message: string): EgressError => new EgressError('invalid_url', message);

// "*.example.com" admits subdomains only; a bare entry admits exactly that host.
// Trailing dots are dropped so "example.com." cannot dodge the comparison.
const hostAllowed = (hostname: string, allowed: readonly string[]): boolean => {
  const host = hostname.replace(/\.$/, '');
  return allowed.some((entry) => {
    const e = entry.toLowerCase().replace(/\.$/, '');
    return e.startsWith('*.') ? host.endsWith(e.slice(1)) : host === e;
  });
};

/**
 * Parses and checks a URL with the WHATWG parser, which also normalises
 * numeric hosts (`http://2130706433/`, `http://0x7f.1/` become 127.0.0.1)
 * before the address check sees them. URLs carrying credentials are refused
 * rather than stripped, so userinfo is never forwarded and the user learns why.
 * Throws `invalid_url`, or `forbidden_address` for a host outside `allowedHosts`.
 */
export function parseTarget(raw: string, policy: TargetPolicy): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('The link is not a valid URL.');
  }
  const allowedSchemes = policy.schemes === 'https-only' ? ['https:'] : ['http:', 'https:'];
  if (!allowedSchemes.includes(url.protocol)) {
    throw invalid(
      `Only ${policy.schemes === 'https-only' ? 'https' : 'http and https'} links can be fetched.`,
    );
  }
  if (url.username !== '' || url.password !== '')
    throw invalid('Links must not contain a username or password.');
  if (url.hostname === '') throw invalid('The link has no host.');
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (policy.allowedHosts !== undefined && !hostAllowed(hostname, policy.allowedHosts)) {
    throw new EgressError('forbidden_address', `The host ${hostname} is not on the list of allowed hosts.`);
  }
  // The fragment is never sent; dropping it keeps finalUrl equal to what was fetched.
  url.hash = '';
  return { url, hostname, isIpLiteral: isIP(hostname) !== 0 };
}

/** Resolves a redirect `Location` against the current URL, then applies {@link parseTarget}. */
export function parseRedirect(location: string, base: URL, policy: TargetPolicy): Target {
  let next: string;
  try {
    next = new URL(location, base).href;
  } catch {
    throw invalid('The link redirected to an invalid URL.');
  }
  return parseTarget(next, policy);
}
