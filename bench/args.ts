/**
 * Command-line arguments of `npm run bench`. Parsing is pure so it can be
 * tested; `run.ts` resolves the defaults against the repository layout.
 */

export const TOOL_NAMES = ['p2m', 'pdftotext', 'pdf2md', 'markitdown', 'opendataloader', 'pymupdf4llm'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** The corpora under CORPUS_DIR the bench can run: dev (score.py) and realworld (score_realworld.py, ICDAR). */
export const CORPUS_NAMES = ['dev', 'realworld'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

export type BenchArgs = {
  corpusDir: string;
  /** Which corpora under corpusDir to run, in this order. */
  corpora: readonly CorpusName[];
  only: readonly ToolName[];
  /** First N manifest rows (in manifest order); undefined = all. */
  limit: number | undefined;
  /** A tool gets this long per document before its worker is killed and the document counted as a timeout. */
  timeoutSec: number;
  /** Skip the ~100-page memory check. */
  memoryCheck: 'run' | 'skip';
};

export class ArgsError extends Error {}

const USAGE =
  'usage: npm run bench -- [CORPUS_DIR] [--corpus dev,realworld] [--only p2m,pdftotext,...] [--limit N] [--timeout SEC] [--no-memory-check]';

function positiveInt(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (raw === undefined || !Number.isInteger(n) || n <= 0) throw new ArgsError(`${flag} needs a positive integer\n${USAGE}`);
  return n;
}

/** A comma-separated selection out of `known`, deduplicated, in the order given. */
function nameList<T extends string>(flag: string, what: string, known: readonly T[], raw: string | undefined): T[] {
  if (!raw) throw new ArgsError(`${flag} needs a comma-separated list\n${USAGE}`);
  const picked = raw.split(',').map((name) => {
    const found = known.find((t) => t === name.trim());
    if (!found) throw new ArgsError(`unknown ${what} "${name}"; known: ${known.join(', ')}`);
    return found;
  });
  return [...new Set(picked)];
}

/** Parses argv (without node and script); `defaultCorpus` is used when no positional is given. */
export function parseBenchArgs(argv: readonly string[], defaultCorpus: string): BenchArgs {
  const args: BenchArgs = {
    corpusDir: defaultCorpus, corpora: CORPUS_NAMES, only: TOOL_NAMES, limit: undefined, timeoutSec: 180, memoryCheck: 'run',
  };
  let positional = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--only') args.only = nameList('--only', 'tool', TOOL_NAMES, value());
    else if (flag === '--corpus') args.corpora = nameList('--corpus', 'corpus', CORPUS_NAMES, value());
    else if (flag === '--limit') args.limit = positiveInt('--limit', value());
    else if (flag === '--timeout') args.timeoutSec = positiveInt('--timeout', value());
    else if (flag === '--no-memory-check') args.memoryCheck = 'skip';
    else if (flag === '--help' || flag === '-h') throw new ArgsError(USAGE);
    else if (flag.startsWith('-')) throw new ArgsError(`unknown option ${flag}\n${USAGE}`);
    else if (positional++ === 0) args.corpusDir = flag;
    else throw new ArgsError(`unexpected argument ${flag}\n${USAGE}`);
  }
  return args;
}
