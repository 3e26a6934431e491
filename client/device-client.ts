import type { z } from 'zod';
import { DeviceApiError, toApiError } from './api-error.ts';
import { createMemoryKeyStore, type DeviceIdentity, type KeyStore } from './key-store.ts';
import { encodeMultipartFile } from './multipart.ts';
import { ClientConfig, DeleteResult, JobList, RegisterResponse, Settings, V1Job } from './schemas.ts';
import { signRequest } from './sign-request.ts';
import { waitForJob, type WaitOptions } from './wait-for-job.ts';

/** Options of {@link createDeviceClient}. */
export type DeviceClientOptions = {
  /** Origin of the API, e.g. `https://p2m.example`; v1 paths are appended to it. */
  baseUrl: string;
  /** Where the key pair and device token live; default in memory. */
  storage?: KeyStore;
  /** fetch implementation; default the global one. */
  fetch?: typeof fetch;
  /** Clock in milliseconds, for signing timestamps; default Date.now. */
  now?: () => number;
};

/** A request body: JSON (serialised here) or raw bytes with their Content-Type. */
export type RequestBody = { json: unknown } | { bytes: Uint8Array; contentType: string };

/** Per-request extras for {@link DeviceClient.signedFetch}. */
export type SignedFetchInit = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'include' sends the API origin's cookies from a browser (the web session, for linking). */
  credentials?: RequestCredentials;
};

/** Options for job creation. */
export type CreateOptions = { idempotencyKey?: string };

/**
 * Client of the v1 device lane. Every call except register() and getConfig()
 * is signed with the device key (scheme P2M-DEVICE-V1).
 */
export class DeviceClient {
  readonly #base: string;
  readonly #store: KeyStore;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;

  constructor(options: DeviceClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#store = options.storage ?? createMemoryKeyStore();
    // Wrapped so a browser's window.fetch is never called with a foreign `this`.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = options.now ?? Date.now;
  }

  /**
   * Returns the stored identity, registering first if there is none: makes a
   * P-256 key pair whose private key is non-extractable and sends its public JWK.
   */
  async register(): Promise<{ deviceId: string }> {
    const stored = await this.#store.load();
    if (stored) return { deviceId: stored.deviceId };
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keyPair.publicKey);
    const body = new TextEncoder().encode(JSON.stringify({ public_key: { kty, crv, x, y } }));
    const res = await this.#fetch(this.#url('/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const reply = await parse(res, RegisterResponse);
    await this.#store.save({ deviceId: reply.device_id, deviceToken: reply.device_token, keyPair });
    return { deviceId: reply.device_id };
  }

  /** Sends a signed request and returns the raw Response, whatever its status. */
  async signedFetch(
    method: string,
    path: string,
    body?: RequestBody,
    init: SignedFetchInit = {},
  ): Promise<Response> {
    const identity = await this.#identity();
    const url = this.#url(path);
    const { bytes, contentType } = encodeBody(body);
    const auth = await signRequest({ identity, method, url, body: bytes, nowMs: this.#now() });
    const headers: Record<string, string> = { ...init.headers, ...auth };
    if (contentType) headers['Content-Type'] = contentType;
    const request: RequestInit = { method: method.toUpperCase(), headers };
    if (body) request.body = bytes as Uint8Array<ArrayBuffer>;
    if (init.signal) request.signal = init.signal;
    if (init.credentials) request.credentials = init.credentials;
    return this.#fetch(url, request);
  }

  /** POST /jobs with a multipart `file` part. */
  createJobFromFile(bytes: Uint8Array, fileName: string, options: CreateOptions = {}): Promise<V1Job> {
    const form = encodeMultipartFile(bytes, fileName);
    return this.#call('POST', '/jobs', V1Job, form, idempotency(options));
  }

  /** POST /jobs with JSON `{url}`. */
  createJobFromUrl(url: string, options: CreateOptions = {}): Promise<V1Job> {
    return this.#call('POST', '/jobs', V1Job, { json: { url } }, idempotency(options));
  }

  /** GET /jobs: the device's recent jobs (at most 3). */
  async listJobs(): Promise<V1Job[]> {
    return (await this.#call('GET', '/jobs', JobList)).items;
  }

  /** GET /jobs/{id}. */
  getJob(id: string, signal?: AbortSignal): Promise<V1Job> {
    return this.#call('GET', jobPath(id), V1Job, undefined, signal ? { signal } : {});
  }

  /** Polls GET /jobs/{id} until ready, error or canceled. */
  waitForJob(id: string, options: WaitOptions = {}): Promise<V1Job> {
    return waitForJob((signal) => this.getJob(id, signal), options);
  }

  /** GET /jobs/{id}/download: the Markdown text. */
  async download(id: string): Promise<string> {
    const res = await this.signedFetch('GET', `${jobPath(id)}/download`);
    if (!res.ok) throw await toApiError(res);
    return res.text();
  }

  /** DELETE /jobs/{id}: cancels an active job or deletes a finished one. Idempotent. */
  deleteJob(id: string): Promise<DeleteResult> {
    return this.#call('DELETE', jobPath(id), DeleteResult);
  }

  /** GET /settings: full settings, defaults filled in. */
  getSettings(): Promise<Settings> {
    return this.#call('GET', '/settings', Settings);
  }

  /** PUT /settings with a partial object; returns the full settings. */
  updateSettings(partial: Settings): Promise<Settings> {
    return this.#call('PUT', '/settings', Settings, { json: partial });
  }

  /** GET /config: public client configuration (unsigned). */
  async getConfig(): Promise<ClientConfig> {
    return parse(await this.#fetch(this.#url('/config'), { method: 'GET' }), ClientConfig);
  }

  async #call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: RequestBody,
    init?: SignedFetchInit,
  ) {
    return parse(await this.signedFetch(method, path, body, init), schema);
  }

  async #identity(): Promise<DeviceIdentity> {
    const identity = await this.#store.load();
    if (!identity) throw new DeviceApiError(0, 'not_registered', 'call register() before signed requests');
    return identity;
  }

  // Appending (not URL-resolving) keeps any path prefix in baseUrl; URL then
  // normalises the path exactly as fetch will send it, which is what we sign.
  #url(path: string): URL {
    if (!path.startsWith('/')) throw new DeviceApiError(0, 'bad_path', `path must start with "/": ${path}`);
    return new URL(this.#base + path);
  }
}

/** Creates a {@link DeviceClient}. No I/O happens until a method is called. */
export function createDeviceClient(options: DeviceClientOptions): DeviceClient {
  return new DeviceClient(options);
}

function encodeBody(body: RequestBody | undefined): { bytes: Uint8Array; contentType?: string } {
  if (!body) return { bytes: new Uint8Array(0) };
  if ('json' in body)
    return { bytes: new TextEncoder().encode(JSON.stringify(body.json)), contentType: 'application/json' };
  return body;
}

async function parse<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  if (!res.ok) throw await toApiError(res);
  const result = schema.safeParse(await res.json());
  if (!result.success)
    throw new DeviceApiError(res.status, 'bad_response', `unexpected response: ${result.error.message}`);
  return result.data;
}

const jobPath = (id: string) => `/jobs/${encodeURIComponent(id)}`;

const idempotency = (o: CreateOptions): SignedFetchInit =>
  o.idempotencyKey ? { headers: { 'Idempotency-Key': o.idempotencyKey } } : {};
