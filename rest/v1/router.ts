/**
 * The v1 device lane at the root paths (frozen: /register, /config, /jobs,
 * /jobs/{id}, /jobs/{id}/download, /settings). Handlers only translate;
 * errors go to the app's shared error handler. deviceAuth is attached per
 * route, never with router.use: this router is mounted at the root, so a
 * router-wide middleware would also catch other requests passing through.
 */
import express, { type Router } from 'express';
import type { Runtime } from '../../core/runtime.ts';
import { configRoute } from './config-route.ts';
import { createJobRoute } from './create-job-route.ts';
import { deviceAuth } from '../../http/credentials/device-signature.ts';
import { jobRoutes } from './job-routes.ts';
import { registerRoute } from './register-route.ts';
import { settingsRoutes } from './settings-routes.ts';

export function createV1Router(runtime: Runtime): Router {
  const r = express.Router();
  const signed = deviceAuth(runtime);
  const jobs = jobRoutes(runtime);
  const settings = settingsRoutes(runtime);
  r.post('/register', registerRoute(runtime));
  r.get('/config', configRoute(runtime));
  r.post('/jobs', signed, createJobRoute(runtime));
  r.get('/jobs', signed, jobs.list);
  r.get('/jobs/:jobId', signed, jobs.get);
  r.delete('/jobs/:jobId', signed, jobs.delete);
  r.get('/jobs/:jobId/download', signed, jobs.download);
  r.get('/settings', signed, settings.get);
  r.put('/settings', signed, settings.put);
  return r;
}
