/**
 * Where a ready job's Markdown is downloaded: the v2 route
 * (rest/v2/job-routes.ts serves it) and the path a job view, an oversized
 * inline read and a webhook payload put in `download_url`. One constant, so
 * the route and the links to it cannot drift apart.
 */

/** The route, in OpenAPI form. */
export const DOWNLOAD_ROUTE = '/api/v2/jobs/{jobId}/download';

/** The download path of one job. */
export const downloadPath = (jobId: string): string => DOWNLOAD_ROUTE.replace('{jobId}', encodeURIComponent(jobId));

/** The route's text before and after the job id, for SQL that builds the path from a column. */
export const [DOWNLOAD_PATH_BEFORE_ID, DOWNLOAD_PATH_AFTER_ID] = DOWNLOAD_ROUTE.split('{jobId}') as [string, string];
