/** What one tool's run on one corpus produced; the results renderer reads only this. */
import type { CorpusName, ToolName } from './args.ts';
import type { Scores } from './score.ts';
import type { RealworldScores } from './score-realworld.ts';
import type { ToolKind } from './tools.ts';

export type Failure = { id: string; status: 'failed' | 'timeout'; reason: string };

/** A score, or why there is none (the scorer failed or its output was unreadable). */
export type Scored<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Dev corpus: score.py against the reference Markdown, plus the page-furniture scan. */
export type DevQuality = {
  corpus: 'dev';
  /** Documents whose prediction still has page furniture / repeated running headers. */
  furniture: { docs: number; pageNumberDocs: number; repeatedHeaderDocs: number };
  scores: Scored<Scores>;
};

/** Real-world corpus: score_realworld.py (ICDAR 2013 table measure on the documents with human ground truth). */
export type RealworldQuality = { corpus: 'realworld'; scores: Scored<RealworldScores> };

export type Quality = DevQuality | RealworldQuality;

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
  quality: Quality;
};

export type ToolResult = {
  name: ToolName;
  kind: ToolKind;
  outcome: { status: 'unavailable'; reason: string } | { status: 'ran'; version: string; measured: Measured };
};

/** Every selected tool on one corpus. */
export type CorpusRun = { corpus: CorpusName; docs: number; pages: number; results: ToolResult[] };

export type MemoryCheck =
  | { status: 'skipped'; reason: string }
  | { status: 'ran'; pdf: string; pages: number; wallSec: number; peakRssKb: number | undefined; ok: boolean; reason?: string };

export type RunMeta = { date: string; machine: string; command: string; corpus: string; /** Verdict tables of the last polling runs (bench/POLLING.md). */ polling?: string;
  /** The last table-structure results (bench/TABLES.md). */ tables?: string };
