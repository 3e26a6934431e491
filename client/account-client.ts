import type { z } from 'zod';
import { DeviceApiError, toApiError } from './api-error.ts';
import { LinkStart, LinkStatus, UploadTicket, V2Job } from './account-schemas.ts';
import type { DeviceClient } from './device-client.ts';
import { encodeMultipartFile } from './multipart.ts';

/** Options of {@link createAccountClient}. */
export type AccountClientOptions = {
  /** Origin of the API, as given to the device client. */
  baseUrl: string;
  /** fetch implementation for the unsigned ticketed upload; default the global one. */
  fetch?: typeof fetch;
};

/** A ticketed upload's job, and whether this request created it (false: a repeat of the same ticket's upload). */
export type TicketUpload = { job: V2Job; created: boolean };

/**
 * The device's side of accounts: its link status, linking and unlinking,
 * and uploads through single-use tickets. Every call but the upload itself is
 * signed by the device client; the upload carries only its Upload-Ticket.
 */
export class AccountClient {
  readonly #device: DeviceClient;
  readonly #base: string;
  readonly #fetch: typeof fetch;

  constructor(device: DeviceClient, options: AccountClientOptions) {
    this.#device = device;
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** GET /api/v2/account. */
  getLinkStatus(): Promise<LinkStatus> {
    return this.#signed('GET', '/api/v2/account', LinkStatus);
  }

  /** POST /api/v2/account/link/start: show user_code, and open login_url in a browser, where the person confirms the same code. */
  startLink(): Promise<LinkStart> {
    return this.#signed('POST', '/api/v2/account/link/start', LinkStart);
  }

  /**
   * POST /api/v2/account/link/attach: links this device to the account signed
   * in on the API origin (a browser sends its session cookie; elsewhere pass
   * it as a Cookie header). Idempotent.
   */
  async attach(headers: Record<string, string> = {}): Promise<LinkStatus> {
    return parse(await this.#device.signedFetch('POST', '/api/v2/account/link/attach', undefined, { headers, credentials: 'include' }), LinkStatus);
  }

  /** POST /api/v2/account/unlink (idempotent). */
  unlink(): Promise<LinkStatus> {
    return this.#signed('POST', '/api/v2/account/unlink', LinkStatus);
  }

  /** POST /api/v2/jobs/upload-ticket. */
  getUploadTicket(): Promise<UploadTicket> {
    return this.#signed('POST', '/api/v2/jobs/upload-ticket', UploadTicket);
  }

  /** POST /api/v2/jobs/upload with the ticket; repeating it with the same ticket answers the same job. */
  async uploadWithTicket(ticket: string, bytes: Uint8Array, fileName: string): Promise<TicketUpload> {
    const form = encodeMultipartFile(bytes, fileName);
    const res = await this.#fetch(`${this.#base}/api/v2/jobs/upload`, {
      method: 'POST',
      headers: { 'Upload-Ticket': ticket, 'Content-Type': form.contentType },
      body: form.bytes as Uint8Array<ArrayBuffer>,
    });
    return { job: await parse(res, V2Job), created: res.status === 201 };
  }

  async #signed<T>(method: string, path: string, schema: z.ZodType<T>): Promise<T> {
    return parse(await this.#device.signedFetch(method, path), schema);
  }
}

/** Creates an {@link AccountClient} over a registered device client. */
export function createAccountClient(device: DeviceClient, options: AccountClientOptions): AccountClient {
  return new AccountClient(device, options);
}

async function parse<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  if (!res.ok) throw await toApiError(res);
  const result = schema.safeParse(await res.json());
  if (!result.success) throw new DeviceApiError(res.status, 'bad_response', `unexpected response: ${result.error.message}`);
  return result.data;
}
