import type { RequestHandler } from 'express';
import type { Config } from '../core/config.ts';
import { DomainError } from '../core/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a hostile web page could send.
 *
 * - Host: a DNS-rebinding page reaches this server under the attacker's own
 *   host name, so a Host outside config.publicOrigins is refused. Only the
 *   host name is compared: the port adds nothing against rebinding.
 * - Origin: a browser names the page that sent the request; a web origin
 *   (http, https, or the opaque "null") outside the allow-list is refused.
 *   Extension origins pass: the extension's requests are device-signed, and
 *   API-key clients send no Origin at all.
 *
 * Reads are not checked: they change nothing, and a rebinding page carries no
 * credential for this host. `selfChecked` names browser form routes that make
 * a stricter check of their own (Origin or Referer one of ours, Sec-Fetch-Site)
 * and answer its refusal as an HTML page, as browser-facing errors must be.
 */
export function originCheck(config: Pick<Config, 'publicOrigins'>, selfChecked: readonly string[] = []): RequestHandler {
  const origins = new Set(config.publicOrigins);
  const hosts = new Set(config.publicOrigins.map((o) => new URL(o).hostname));
  const ownCheck = new Set(selfChecked);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || ownCheck.has(req.path)) return next();
    if (!hosts.has(req.hostname)) {
      return next(new DomainError('forbidden', `This service is not served under the host ${req.hostname}.`));
    }
    const origin = req.get('origin');
    if (origin !== undefined && isWebOrigin(origin) && !origins.has(origin)) {
      return next(new DomainError('forbidden', `Requests from the web origin ${origin} are not accepted.`));
    }
    next();
  };
}

const isWebOrigin = (o: string) => o === 'null' || o.startsWith('http://') || o.startsWith('https://');
