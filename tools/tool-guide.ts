/**
 * What each tool's description tells an agent beyond what the operation
 * does: when to use it, what it costs (slots and the rate budget), and what
 * to call next. Appended to the operation's description in tools/list.
 */
const RATE = 'Costs one call of the per-minute rate budget (get_limits: rate_limit_per_minute).';

export const TOOL_GUIDE: Readonly<Record<string, string>> = {
  create_job_from_url: `Use when the PDF is reachable by an https link. Takes one slot until the job ends or is deleted (slots_full when none is free). ${RATE} Next: poll pdf_to_markdown_get_job until status is ready or error, then pdf_to_markdown_get_markdown.`,
  create_job_from_upload: `Use when you hold the PDF's bytes (base64, up to max_json_body_size). Takes one slot until the job ends or is deleted. ${RATE} Next: poll pdf_to_markdown_get_job until status is ready or error, then pdf_to_markdown_get_markdown.`,
  create_job_batch: `Use for many links at once on a paid plan (batch_enabled); all or nothing. Takes one slot per item. ${RATE} Next: pdf_to_markdown_list_jobs or pdf_to_markdown_get_job per job.`,
  list_jobs: `Use to find your jobs (newest first, filter by status, page with cursor). Takes no slot. ${RATE} Next: pdf_to_markdown_get_job or pdf_to_markdown_get_markdown for a job.`,
  get_job: `Use to check a job's status while it converts. Rather than polling, pass wait_seconds (up to 30) to get the answer as soon as the job changes. One call of the rate budget, but half a call when it waited for a change, a quarter when if_none_match (the job's last entity tag) still names the job. Otherwise poll at most once a second. Takes no slot. Next: pdf_to_markdown_get_markdown once ready; on error read error_code.`,
  get_markdown: `Use once get_job says ready; answers the Markdown inline up to max_inline_markdown_size. Takes no slot. ${RATE} Next: pdf_to_markdown_delete_job to free the slot's result early.`,
  delete_job: `Use when you no longer need a job: cancels an active one (frees its slot) or deletes a finished one. ${RATE} Next: nothing; create another job if needed.`,
  get_limits: `Use before creating jobs to see your tier, free slots, size caps and rate budget. Takes no slot. ${RATE} Next: create a job within those limits.`,
};

/** The operation's description with its guide. */
export function toolDescription(opName: string, description: string): string {
  const guide = TOOL_GUIDE[opName];
  if (!guide) throw new Error(`tools/tool-guide.ts has no entry for ${opName}`);
  return `${description}\n\n${guide}`;
}
