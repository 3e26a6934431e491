import { z } from 'zod';

const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * An error answer from the p2m API, or a client-side refusal before sending
 * (status 0). `code` is the machine code from `{"error":{"code","message"}}`,
 * or `http_<status>` when the body was not in that shape.
 */
export class DeviceApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'DeviceApiError';
    this.status = status;
    this.code = code;
  }
}

/** Reads a non-2xx response into a DeviceApiError. */
export async function toApiError(res: Response): Promise<DeviceApiError> {
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const body = ErrorBody.safeParse(parsed);
  if (body.success) return new DeviceApiError(res.status, body.data.error.code, body.data.error.message);
  return new DeviceApiError(res.status, `http_${res.status}`, res.statusText || text.slice(0, 200));
}
