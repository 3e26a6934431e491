import { buildTemplate } from './pg-template.ts';

/** Vitest global setup of the PostgreSQL project. */
export default async function setup(): Promise<void> {
  await buildTemplate();
}
