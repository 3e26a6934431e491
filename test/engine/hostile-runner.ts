/**
 * Child process for the hostile-input test: converts each file named on the
 * command line and prints one JSON line per file, so the parent can detect a
 * hang (no line in time) or a crash (non-zero exit) without dying itself.
 */
import fs from 'node:fs';
import { convert, EngineError } from '../../engine/index.ts';

const budget = Number(process.env.P2M_HOSTILE_BUDGET_MS ?? 15_000);
const ocr = process.env.P2M_HOSTILE_OCR === 'off' ? 'off' : 'auto';
for (const file of process.argv.slice(2)) {
  const started = Date.now();
  try {
    const r = await convert(new Uint8Array(fs.readFileSync(file)), { timeBudgetMs: budget, ocr });
    console.log(JSON.stringify({ file, ok: true, pages: r.pages, pagesDone: r.pagesDone, chars: r.markdown.length, ms: Date.now() - started }));
  } catch (err) {
    const code = err instanceof EngineError ? err.code : 'not_engine_error';
    console.log(JSON.stringify({ file, ok: false, code, message: String(err), ms: Date.now() - started }));
  }
}
