/**
 * Where a job's blobs live. Every blob of a job (its input, and the Markdown
 * and images of every attempt, finished or not) sits under one prefix,
 * `jobs/<id>/`, so deleting that prefix removes all of them: also a result an
 * attempt wrote before its worker died, which no row names.
 */
import { randomUUID } from 'node:crypto';

/** The prefix under which every blob of the job is stored. */
export const jobBlobPrefix = (jobId: string): string => `jobs/${jobId}/`;

/** A fresh key for the job's input PDF (written once, never overwritten). */
export const newInputKey = (jobId: string): string => `${jobBlobPrefix(jobId)}input-${randomUUID()}.pdf`;

/** A fresh key for one attempt's Markdown; its images blob follows from it (result-images.ts). */
export const newOutputKey = (jobId: string): string => `${jobBlobPrefix(jobId)}output-${randomUUID()}.md`;
