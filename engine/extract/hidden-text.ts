/**
 * Hidden text (issue 24): text a reader sees in the file but nobody sees on
 * the page, a prompt-injection vector for pipelines that feed Markdown to a
 * model. The readers mark what they judged unseen (`TextRun.hidden`; the
 * direct reader judges render mode, colour, alpha, layers and cover, see
 * direct/content/paint-log.ts); text too small to read is judged here for
 * every reader. Under `drop` such runs leave the page and are counted;
 * under `keep` they stay, as before.
 */
import type { Page, TextRun } from '../model.ts';
import type { HiddenTextKind, HiddenTextReport } from '../types.ts';

/** Text whose em is under this many points cannot be read on the page. */
const TINY_EM_PT = 1;

/** The kinds in the order reports list them. */
const KIND_ORDER: readonly HiddenTextKind[] = ['render_mode_3', 'background_colour', 'transparent', 'tiny', 'outside_crop_box', 'hidden_layer', 'covered'];

/** What one page lost to `drop`. */
export type PageHidden = { spans: number; kinds: Set<HiddenTextKind> };

function kindOf(run: TextRun): HiddenTextKind | undefined {
  return run.hidden ?? (run.fontSize < TINY_EM_PT ? 'tiny' : undefined);
}

/** The page without its hidden text (`drop`), or with every run kept and unmarked (`keep`). */
export function hideText(page: Page, mode: 'drop' | 'keep'): { page: Page; hidden: PageHidden } {
  const hidden: PageHidden = { spans: 0, kinds: new Set() };
  const runs: TextRun[] = [];
  for (let i = 0; i < page.runs.length; i++) {
    const run = page.runs[i]!;
    const kind = kindOf(run);
    if (kind && mode === 'drop') {
      hidden.spans++;
      hidden.kinds.add(kind);
      continue;
    }
    if (run.hidden) {
      const { hidden: _, ...seen } = run;
      runs.push(seen);
    } else runs.push(run);
  }
  if (mode === 'drop' && page.outsideCropSpans) {
    hidden.spans += page.outsideCropSpans;
    hidden.kinds.add('outside_crop_box');
  }
  const { outsideCropSpans: _, ...rest } = page;
  return { page: { ...rest, runs }, hidden };
}

/** Collects the pages' losses into the conversion's report; undefined when nothing was dropped. */
export class HiddenTally {
  private spans = 0;
  private readonly pages: number[] = [];
  private readonly kinds = new Set<HiddenTextKind>();

  add(page: number, hidden: PageHidden): void {
    if (hidden.spans === 0) return;
    this.spans += hidden.spans;
    this.pages.push(page);
    for (const k of hidden.kinds) this.kinds.add(k);
  }

  report(): HiddenTextReport | undefined {
    if (this.spans === 0) return undefined;
    return { spans: this.spans, pages: [...this.pages].sort((a, b) => a - b), kinds: KIND_ORDER.filter((k) => this.kinds.has(k)) };
  }
}
