/**
 * A set of right-to-left table pages only (`run.ts --set rtl`): Hebrew and
 * Arabic statistical tables as government and company reports print them,
 * stub column on the right, with what the main set's few right-to-left cases
 * leave out: Arabic tables, cells mixing right-to-left words with Latin ones
 * or with numbers (`القاهرة (Cairo)`, `المجموع 2021`), signed numbers with
 * flags, row groups, and years for stubs (rows of numbers alone). The main set stays as it was (its seeds draw the
 * same cases); this set has its own ids (`r<seed>-…`).
 *
 * Truth is logical: column 0 is the stub (rightmost on the page), each cell's
 * text in the order it is typed and read.
 */
import { rng, type Rng } from './random.ts';
import { PADS, type Block } from './page-model.ts';
import { pageHtml } from './page-html.ts';
import { STYLES, type GenCell, type GenTable, type Style } from './table-model.ts';
import { ARABIC, HEBREW, HEBREW_HEADS, LATIN_CITY, numberText } from './words.ts';
import type { Case } from './cases.ts';

type Lang = 'hebrew' | 'arabic';

const ARABIC_HEADS = ['المجموع', 'التغير', 'النسبة', 'ذكور', 'إناث', 'المتوسط'];
const ARABIC_GROUPS = ['الشمال', 'الجنوب', 'المنطقة الوسطى', 'المناطق الريفية'];
const HEBREW_GROUPS = ['צפון', 'דרום', 'מרכז', 'אזורים כפריים'];
const HEBREW_LATIN = ['Jerusalem', 'Tel Aviv', 'Haifa', "Be'er Sheva", 'Ashdod', 'Netanya', 'Holon', 'Ramat Gan', 'Ashkelon', 'Rehovot'];
const PARA: Record<Lang, string> = {
  hebrew: 'נתונים על האוכלוסייה לפי ערים בשנה האחרונה, כולל השינוי לעומת 2019. ',
  arabic: 'بيانات السكان حسب المدن في العام الماضي، مع التغير مقارنة بعام 2019. ',
};

/**
 * A stub: the city's name, sometimes with its Latin name after it or before
 * it (as bilingual reports print them); or a year, so a row holds numbers only.
 */
function stub(r: Rng, lang: Lang, i: number, mixed: boolean, years: boolean): string {
  if (years) return String(2010 + i);
  const own = lang === 'hebrew' ? HEBREW : ARABIC;
  const latin = lang === 'hebrew' ? HEBREW_LATIN : LATIN_CITY;
  const k = i % own.length;
  if (!mixed || !r.chance(0.6)) return own[k]!;
  return r.pick([`${own[k]} (${latin[k]})`, `${own[k]} ${latin[k]}`, `${latin[k]} ${own[k]}`]);
}

function rtlTable(r: Rng, style: Style, lang: Lang): GenTable {
  const f = { multiline: false, groups: r.chance(0.4), spanning: false, signed: r.chance(0.7), marks: r.chance(0.4), rtl: true, mixed: r.chance(0.6) };
  const nCols = r.int(3, 6);
  const heads = lang === 'hebrew' ? HEBREW_HEADS : ARABIC_HEADS;
  const years = r.chance(0.5);
  const yearStubs = r.chance(0.25);
  const cells: GenCell[] = [{ text: lang === 'hebrew' ? 'אזור' : 'المنطقة', r: 0, c: 0, rs: 1, cs: 1, head: true }];
  for (let c = 1; c < nCols; c++) cells.push({ text: years ? `${r.pick(heads)} ${2015 + c}` : r.pick(heads), r: 0, c, rs: 1, cs: 1, head: true });
  const groupStarts: number[] = [];
  const bodyRows = r.int(4, 10);
  let row = 1;
  for (let i = 0; i < bodyRows; i++) {
    if (f.groups && (i === 0 || r.chance(0.25)) && i < bodyRows - 1) {
      cells.push({ text: r.pick(lang === 'hebrew' ? HEBREW_GROUPS : ARABIC_GROUPS), r: row, c: 0, rs: 1, cs: 1, head: false });
      groupStarts.push(row++);
    }
    cells.push({ text: stub(r, lang, i, f.mixed, yearStubs), r: row, c: 0, rs: 1, cs: 1, head: false });
    for (let c = 1; c < nCols; c++) cells.push({ text: numberText(r, { signed: f.signed, marks: f.marks, minus: '-' }), r: row, c, rs: 1, cs: 1, head: false });
    row++;
  }
  return { style, features: f, dir: 'rtl', nRows: row, nCols, cells, groupStarts, wrapCol: null };
}

/** Every case of the set: each style `perCell` times in each language. */
export function rtlCasesFor(seed: number, perCell: number): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  for (const style of STYLES) {
    for (const lang of ['hebrew', 'arabic'] as const) {
      for (let i = 0; i < perCell; i++) {
        const t = rtlTable(r, style, lang);
        const text: Block = { k: 'para', text: PARA[lang].repeat(3) };
        const blocks: Block[] = [text, { k: 'table', table: { t, pad: r.pick(PADS) } }, text];
        // DejaVu Sans draws Arabic; the serif face has no Arabic glyphs.
        const doc = { dir: 'rtl' as const, font: 'DejaVu Sans' as const, sizePt: r.pick([8.5, 9, 10, 11]), blocks };
        out.push({ id: `r${seed}-${style}-${lang}-${i}`, kind: 'table', style, layout: 'single', rtl: true, tables: [t], doc, html: pageHtml(doc) });
      }
    }
  }
  return out;
}
