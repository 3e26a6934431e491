/** What one tool's run produced; the results renderer reads only this. */
import type { ToolName } from './args.ts';
import type { Scores } from './score.ts';
import type { ToolKind } from './tools.ts';

export type Failure = { id: string; status: 'failed' | 'timeout'; reason: string };

export type Measured = {
  docs: number;
  pages: number;
  wallSec: number;
  /** User + system CPU seconds of all workers: less sensitive than wall time to other work on the machine. */
  cpuSec: number;
  peakRssKb: number | undefined;
  /** Mean 1-minute load average while converting (2 cores: above 2 means other work competed). */
  loadAvg: number;
  failures: Failure[];
  /** Documents whose prediction still has page furniture / repeated running headers. */
  furniture: { docs: number; pageNumberDocs: number; repeatedHeaderDocs: number };
  scores: { ok: true; value: Scores } | { ok: false; reason: string };
};

export type ToolResult = {
  name: ToolName;
  kind: ToolKind;
  outcome: { status: 'unavailable'; reason: string } | { status: 'ran'; version: string; measured: Measured };
};

export type MemoryCheck =
  | { status: 'skipped'; reason: string }
  | { status: 'ran'; pdf: string; pages: number; wallSec: number; peakRssKb: number | undefined; ok: boolean; reason?: string };

export type RunMeta = { date: string; machine: string; command: string; corpus: string; docs: number; pages: number };
