/**
 * The V8 settings of a `p2m convert` child, chosen per file: a long document
 * needs a heap kept lean, a short one needs CPU time not spent on it.
 *
 * Measured on R's 2,415-page refman.pdf (6.5 MB) alone, peak RSS: 509 MB with
 * a heap growth of 50 % and V8's threads, 586 MB with V8's own growth, 838 MB
 * single-threaded. On the dev corpus (158 files under 1 MB, `--jobs 2` on 2
 * cores) the same lean settings cost a fifth more CPU than V8's own growth in
 * single-threaded children: each full collection of a small heap is cheap, but
 * many more of them run. Files under 2 MB peaked at 150–290 MB with the quick
 * settings, a 4.7 MB manual of 1,158 pages at 698 MB (bench/long-manuals).
 */
import { availableParallelism } from 'node:os';
import type { ChildLimits } from '../../isolate/run-child.ts';

/**
 * Files of at least this many bytes get {@link LEAN_LIMITS}: about where a
 * document's model outgrows what V8's own heap growth keeps under 300 MB.
 */
export const LARGE_FILE_BYTES = 2 * 1024 * 1024;

/** Generous: the user chose the file. Shared by both kinds of child. */
const BASE = { heapMb: 4096, limitMs: 30 * 60_000 } as const;

/**
 * For large files. The heap grows by half of what survives a full collection:
 * a long manual's stages make garbage several times their live pages, and V8's
 * own choice let refman.pdf reach 660–770 MB resident. The young generation is
 * capped too: sized from the 4 GB heap limit, its semi-spaces held about 100 MB
 * of refman's peak; at 32 MB each the peak is about 515 MB for the same CPU.
 */
export const LEAN_LIMITS: ChildLimits = { ...BASE, heapGrowthPercent: 50, semiSpaceMb: 32 };

/**
 * A lane whose share of the batch is under this many bytes gets children that
 * stop at Maglev (`topTier`). A child's first seconds go largely to compiling:
 * converting half the dev corpus (79 files, 14.5 MB) in one fresh
 * single-threaded process took 5.2 CPU-s, of which Turbofan compiled 592
 * functions in 1.4 s and Maglev 2,186 in 0.6 s; stopping at Maglev, 4.3 s.
 * Maglev's code is slower once warm (the same files again: 3.4–3.5 s against
 * 3.0–3.4 s), and the two broke even after four such halves, about 58 MB; at
 * half of that, the whole dev corpus with `--jobs 2` took 0.89 of the CPU
 * (0.83–0.92) and 0.88 of the wall time.
 */
export const MAGLEV_LANE_BYTES = 32 * 1024 * 1024;

/**
 * For small files: V8's own heap growth, no compiler or collector threads
 * when the lanes already fill the cores (a child with them keeps about 1.3
 * cores busy, so two lanes on two cores crowd each other; with Maglev as the top
 * tier, single-threaded children still took 0.98 of the CPU and 0.97 of the
 * wall time of threaded ones on the dev corpus), and Maglev as the top tier
 * when each lane has little to convert ({@link MAGLEV_LANE_BYTES}).
 */
export function quickLimits(lanes: number, cores: number, laneBytes: number): ChildLimits {
  return {
    ...BASE,
    semiSpaceMb: 32,
    ...(lanes >= cores ? { singleThreaded: true } : {}),
    ...(laneBytes < MAGLEV_LANE_BYTES ? { topTier: 'maglev' as const } : {}),
  };
}

/** A batch: how many children convert it at once, and its files' bytes in all. */
export type Batch = { lanes: number; bytes: number };

/**
 * The limits of a batch's children: for a file of `bytes`, on `cores` cores.
 * Two objects for the whole batch, so a lane's child serves the next file
 * when the file asks for the same object.
 */
export function batchLimits(batch: Batch, cores: number = availableParallelism()): (bytes: number) => ChildLimits {
  const quick = quickLimits(batch.lanes, cores, batch.bytes / batch.lanes);
  return (bytes) => (bytes >= LARGE_FILE_BYTES ? LEAN_LIMITS : quick);
}
