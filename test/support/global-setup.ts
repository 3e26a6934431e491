import type { TestProject } from 'vitest/node';
import { buildTemplate } from './pg-template.ts';
import { ensureTestServices } from './services/test-services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL admin URL of this run (the configured server, or a private one). */
    pgAdminUrl: string;
    /** Redis URL of this run (the configured server, or a private one). */
    redisUrl: string;
  }
}

/** Vitest global setup of the PostgreSQL project: finds or starts the services, migrates the template. */
export default async function setup(project: TestProject): Promise<() => void> {
  const services = await ensureTestServices();
  try {
    project.provide('pgAdminUrl', services.pgAdminUrl);
    project.provide('redisUrl', services.redisUrl);
    await buildTemplate(services.pgAdminUrl);
  } catch (e) {
    services.stop();
    throw e;
  }
  return services.stop;
}
