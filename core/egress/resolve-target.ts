import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { EgressError } from './egress-error.ts';
import { classifyAddress, isLoopbackAddress } from './ip-ranges.ts';
import type { Target } from './target-url.ts';

/** One resolved address; `family` is 4 or 6. */
export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a hostname to all of its addresses. Injected in tests; defaults to the OS resolver. */
export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

/** Address rule: `allowLoopback` admits 127.0.0.0/8 and ::1 (tests' own servers) and nothing else. */
export type AddressPolicy = { allowLoopback: boolean };

/** The OS resolver (getaddrinfo), asking for every address in both families. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Throws `forbidden_address` unless `address` may be contacted under `policy`. */
export function assertAllowedAddress(address: string, hostname: string, policy: AddressPolicy): void {
  const c = classifyAddress(address);
  if (c.kind === 'public') return;
  if (policy.allowLoopback && isLoopbackAddress(address)) return;
  throw new EgressError(
    'forbidden_address',
    `The link points to an address that cannot be fetched (${hostname} is ${c.reason.replace('_', '-')}).`,
  );
}

const toFamily = (address: string): 4 | 6 | undefined => {
  const f = isIP(address);
  return f === 4 || f === 6 ? f : undefined;
};

/**
 * Returns the addresses the connection will be pinned to. Every resolved
 * address is checked and one forbidden address refuses the whole host: a name
 * that mixes public and internal answers is a rebinding attempt, and the
 * connection may pick any of them.
 */
export async function resolveTarget(
  target: Target,
  resolver: Resolver,
  policy: AddressPolicy,
): Promise<ResolvedAddress[]> {
  if (target.isIpLiteral) {
    assertAllowedAddress(target.hostname, target.hostname, policy);
    return [{ address: target.hostname, family: toFamily(target.hostname) ?? 4 }];
  }
  let answers: readonly { address: string; family: number }[];
  try {
    answers = await resolver(target.hostname);
  } catch (cause) {
    throw new EgressError('dns_failure', `The host ${target.hostname} could not be resolved.`, { cause });
  }
  if (answers.length === 0) {
    throw new EgressError('dns_failure', `The host ${target.hostname} has no addresses.`);
  }
  return answers.map(({ address }) => {
    const family = toFamily(address);
    if (family === undefined) {
      throw new EgressError(
        'dns_failure',
        `The resolver returned a malformed address for ${target.hostname}.`,
      );
    }
    assertAllowedAddress(address, target.hostname, policy);
    return { address, family };
  });
}
