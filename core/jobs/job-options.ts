/**
 * The conversion options of a v2 job (issue 24): one schema for every lane
 * that creates jobs (REST JSON and multipart, MCP, tRPC, batch items) and for
 * the job view that echoes them. The defaults keep the output every job had
 * before options existed; the v1 lane never sends any.
 */
import { z } from 'zod';
import type { ConvertOptions } from '../../engine/types.ts';

const OPTION_SHAPE = {
  page_markers: z
    .boolean()
    .default(false)
    .describe('Put `<!-- page N -->` before the first block that starts on each page (N = the PDF page number); a paragraph or table crossing a page break is not cut.'),
  images: z
    .enum(['omit', 'files'])
    .default('omit')
    .describe('`files`: each picture becomes a PNG, linked as `![alt](images/p3-1.png)`; download them with the Markdown as a zip (`?format=zip`). `omit`: no pictures.'),
  furniture: z
    .enum(['drop', 'keep'])
    .default('drop')
    .describe('Running headers, footers and page numbers: `drop` them or `keep` them in the text.'),
  tables_across_pages: z
    .enum(['merge', 'keep'])
    .default('merge')
    .describe('A table continued on the next page: `merge` it into one table (repeated header rows dropped) or `keep` the parts apart.'),
  hidden_text: z
    .enum(['drop', 'keep'])
    .default('drop')
    .describe('Text that is never visibly painted (render mode 3, background colour, tiny, off the page, hidden layers, covered): `drop` it (counted in the job\'s hidden_text) or `keep` it.'),
};

const KNOWN = Object.keys(OPTION_SHAPE).join(', ');

/** The options a job was created with, each with its default. Unknown names are refused, named. */
export const JobOptions = z
  .strictObject(OPTION_SHAPE, {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? `unknown option${iss.keys.length > 1 ? 's' : ''} ${iss.keys.join(', ')} (known: ${KNOWN})` : undefined,
  })
  .describe('Conversion options; every one optional, the defaults keep the plain Markdown.');
export type JobOptions = z.output<typeof JobOptions>;

/** The options of a job created without any (and of every v1 job). */
export const DEFAULT_JOB_OPTIONS: Readonly<JobOptions> = Object.freeze(JobOptions.parse({}));

/** The options a job row's settings record, or the defaults for a row from before options (or a v1 job). */
export function storedOptions(settings: unknown): JobOptions {
  const stored = (settings as { options?: unknown } | null)?.options;
  const parsed = JobOptions.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_JOB_OPTIONS };
}

/** True when every option has its default: such a job converts exactly as one without options. */
export function allDefaults(o: JobOptions): boolean {
  return (Object.keys(DEFAULT_JOB_OPTIONS) as (keyof JobOptions)[]).every((k) => o[k] === DEFAULT_JOB_OPTIONS[k]);
}

/** The engine's options for a job's options. */
export function engineOptions(o: JobOptions): Pick<ConvertOptions, 'pageMarkers' | 'images' | 'furniture' | 'tablesAcrossPages' | 'hiddenText'> {
  return {
    pageMarkers: o.page_markers,
    images: o.images,
    furniture: o.furniture,
    tablesAcrossPages: o.tables_across_pages,
    hiddenText: o.hidden_text,
  };
}
