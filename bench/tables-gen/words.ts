/** Vocabulary for generated tables and prose: ordinary words, not strings any detector was fitted to. */
import type { Rng } from './random.ts';

export const STUBS = ['Austria', 'Belgium', 'Bulgaria', 'Croatia', 'Cyprus', 'Czechia', 'Denmark', 'Estonia', 'Finland',
  'France', 'Germany', 'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta',
  'Netherlands', 'Poland', 'Portugal', 'Romania', 'Slovakia', 'Slovenia', 'Spain', 'Sweden', 'Norway', 'Iceland',
  'Public sector', 'Private households', 'Small firms', 'Large firms', 'Agriculture', 'Manufacturing', 'Retail trade',
  'Transport', 'Education', 'Health care', 'Construction', 'Energy supply', 'Water supply', 'Mining', 'Tourism'];

export const HEADS = ['Total', 'Share', 'Change', 'Men', 'Women', 'Rate', 'Index', 'Mean', 'Median', 'Count', 'Value',
  'Exports', 'Imports', 'Budget', 'Actual', 'Target', 'Growth', 'Output', 'Prices', 'Wages', 'Jobs'];

export const GROUPS = ['North', 'South', 'East', 'West', 'Central', 'Urban areas', 'Rural areas', 'Under 25', 'Over 65'];

export const PROSE = ('the committee reviewed the figures for the year and found that spending rose in most regions '
  + 'while revenue fell short of the forecast made in spring which led to a revised plan for the coming period with '
  + 'lower targets for new projects and a stronger focus on maintenance of the existing network of roads and railways '
  + 'as well as schools and hospitals in the rural parts of the country where demand has grown faster than expected').split(' ');

export const HEBREW = ['ירושלים', 'תל אביב', 'חיפה', 'באר שבע', 'אשדוד', 'נתניה', 'חולון', 'רמת גן', 'אשקלון', 'רחובות'];
export const HEBREW_HEADS = ['סך הכל', 'שינוי', 'אחוז', 'גברים', 'נשים', 'ממוצע'];
export const ARABIC = ['القاهرة', 'دبي', 'عمان', 'بيروت', 'تونس', 'الرباط'];
export const LATIN_CITY = ['Cairo', 'Dubai', 'Amman', 'Beirut', 'Tunis', 'Rabat'];

/** A sentence of `n` words from the prose vocabulary, capitalised, with a full stop. */
export function sentence(r: Rng, n: number): string {
  const start = r.int(0, PROSE.length - 1);
  const words = Array.from({ length: n }, (_, i) => PROSE[(start + i) % PROSE.length]!);
  const s = words.join(' ');
  return s[0]!.toUpperCase() + s.slice(1) + '.';
}

/** A number as statistical tables print it: thousands separators, decimals, a sign, sometimes a footnote mark. */
export function numberText(r: Rng, o: { signed: boolean; marks: boolean; minus?: string }): string {
  const kind = r.int(0, 3);
  let v = kind === 0 ? r.int(0, 99999).toLocaleString('en-US') : kind === 1 ? (r.next() * 100).toFixed(1)
    : kind === 2 ? (r.next() * 10).toFixed(2) : String(r.int(1, 999));
  if (o.signed && r.chance(0.4)) v = `${o.minus ?? '-'}${v}`;
  else if (o.signed && r.chance(0.2)) v = `+${v}`;
  if (o.marks && r.chance(0.15)) v += r.pick(['*', '†', ' (p)', ' (e)']);
  return v;
}
