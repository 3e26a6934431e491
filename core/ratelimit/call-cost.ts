/**
 * What a call costs against the caller's rate budget. A budget counts
 * quarters of a call, so that the reads a waiting client repeats can cost
 * less than a call: a conditional read answered "not modified" costs a
 * quarter, a long poll that waited half, anything else (errors included) a
 * whole call. The tier's ratePerMinute stays a number of whole calls; the
 * RateLimit fields report whole calls left (rounded down).
 */

/** Budget units in one call. */
export const UNITS_PER_CALL = 4;

/** Units each kind of answer costs. */
export const CALL_COST_UNITS = {
  /** Any operation call, refused ones included. */
  full: UNITS_PER_CALL,
  /** get_job answered "not modified": the caller's entity tag (If-None-Match) still names the job (REST: 304). */
  not_modified: 1,
  /** get_job that waited for a change (?wait=N, wait_seconds) and answered with a changed job. */
  long_poll: 2,
} as const satisfies Record<string, number>;

export type CallCost = keyof typeof CALL_COST_UNITS;

/** The cheapest answer: what an operation that may answer cheaply is charged before it runs. */
export const LEAST_COST_UNITS = Math.min(...Object.values(CALL_COST_UNITS));

/**
 * Told by a discounted operation's handler what its answer cost (invoke()
 * charges the rest after the handler returns); starts at a whole call.
 */
export type Bill = { cost: CallCost };
