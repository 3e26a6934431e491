import { Router } from 'express';
import { jsonBody } from '../../http/json-body.ts';
import type { Services } from '../../core/context.ts';
import { createJobBatch, createJobFromUpload, createJobFromUrl, deleteJob, getJob, getMarkdown, listJobs } from '../../core/operations.ts';
import { restAdapter } from '../rest-handler.ts';
import { jsonInput, multipartInput, pickCreate } from './create-job-input.ts';
import { v2Guard } from './guard.ts';
import { rateGate } from '../../http/rate-gate.ts';
import { markdownDownload } from '../../http/download.ts';
import { replyBatch, replyCreated } from './replies.ts';

/** The /api/v2/jobs routes. Authentication, and for creation a caller already out of budget, are refused before any body is read. */
export function createJobsRouter(services: Services): Router {
  const rest = restAdapter(services);
  const r = Router();
  r.use('/api/v2/jobs', v2Guard(services));
  r.post(
    '/api/v2/jobs',
    rateGate(services),
    // Largest JSON body: the tier's jsonBodyBytes (base64 uploads beyond it go multipart).
    jsonBody(services),
    pickCreate({
      fromUrl: rest(createJobFromUrl, jsonInput, replyCreated),
      fromBase64: rest(createJobFromUpload, jsonInput, replyCreated),
      fromMultipart: rest(createJobFromUpload, multipartInput(services), replyCreated),
    }),
  );
  // Links only, so the body is small JSON under the tier's cap like any JSON creation.
  r.post('/api/v2/jobs/batch', rateGate(services), jsonBody(services), rest(createJobBatch, jsonInput, replyBatch));
  r.get('/api/v2/jobs', rest(listJobs, (req) => ({ status: req.query.status, limit: req.query.limit, cursor: req.query.cursor })));
  r.get('/api/v2/jobs/:id', rest(getJob, (req) => ({ job_id: req.params.id })));
  r.delete('/api/v2/jobs/:id', rest(deleteJob, (req) => ({ job_id: req.params.id })));
  r.get('/api/v2/jobs/:id/download', rest(getMarkdown, (req) => ({ job_id: req.params.id }), markdownDownload(services)));
  return r;
}
