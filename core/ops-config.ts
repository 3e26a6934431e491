/**
 * Operations settings (part of Config): the Prometheus endpoint and graceful
 * shutdown. /metrics is off unless P2M_METRICS=true or a token is set; with
 * P2M_METRICS_TOKEN it answers only `Authorization: Bearer <token>`.
 */
import { z } from 'zod';

export const OPS_ENV = {
  /** Serve /metrics without a token (a closed network where only the scraper reaches the port). */
  P2M_METRICS: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').default(false),
  /** Bearer token /metrics requires; setting it turns /metrics on. At least 16 characters. */
  P2M_METRICS_TOKEN: z.string().min(16).optional(),
  /** After SIGTERM: how long running conversions and requests may finish before their jobs are handed back. */
  /** `p2m worker` serves /healthz, /readyz and /metrics on this port (127.0.0.1 unless HOST); unset: no listener. */
  P2M_WORKER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  P2M_SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
};

export type OpsConfig = Readonly<{
  metrics: Readonly<{ kind: 'off' } | { kind: 'open' } | { kind: 'token'; token: string }>;
  shutdownSeconds: number;
  workerPort: number | undefined;
}>;

type OpsEnv = z.infer<z.ZodObject<typeof OPS_ENV>>;

export function opsConfigOf(e: OpsEnv): OpsConfig {
  const metrics = e.P2M_METRICS_TOKEN
    ? { kind: 'token' as const, token: e.P2M_METRICS_TOKEN }
    : e.P2M_METRICS
      ? { kind: 'open' as const }
      : { kind: 'off' as const };
  return Object.freeze({ metrics: Object.freeze(metrics), shutdownSeconds: e.P2M_SHUTDOWN_SECONDS, workerPort: e.P2M_WORKER_PORT });
}
