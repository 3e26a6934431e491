/**
 * Glyph name → Unicode, after the Adobe Glyph List, for the names Latin text
 * fonts use: ASCII, Latin-1, Latin Extended-A, spacing accents, punctuation,
 * ligatures, common symbols, Greek and the TeX math names manuals use. Deliberately a subset: a name missing
 * here is reported as unknown, and the font reader then refuses the glyph,
 * because pdf.js's own (larger) table might know it.
 */

/** Names of consecutive code points, from `start` on ('' leaves a gap). */
type Run = { start: number; names: string };

const RUNS: Run[] = [
  { start: 0x20, names: 'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at' },
  { start: 0x41, names: 'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave' },
  { start: 0x61, names: 'a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde' },
  { start: 0xa0, names: 'nbspace exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot sfthyphen registered macron degree plusminus twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown' },
  { start: 0xc0, names: 'Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls' },
  { start: 0xe0, names: 'agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis' },
  { start: 0x100, names: 'Amacron amacron Abreve abreve Aogonek aogonek Cacute cacute Ccircumflex ccircumflex Cdotaccent cdotaccent Ccaron ccaron Dcaron dcaron Dcroat dcroat Emacron emacron Ebreve ebreve Edotaccent edotaccent Eogonek eogonek Ecaron ecaron Gcircumflex gcircumflex Gbreve gbreve' },
  { start: 0x120, names: 'Gdotaccent gdotaccent Gcommaaccent gcommaaccent Hcircumflex hcircumflex Hbar hbar Itilde itilde Imacron imacron Ibreve ibreve Iogonek iogonek Idotaccent dotlessi IJ ij Jcircumflex jcircumflex Kcommaaccent kcommaaccent kgreenlandic Lacute lacute Lcommaaccent lcommaaccent Lcaron lcaron Ldot' },
  { start: 0x140, names: 'ldot Lslash lslash Nacute nacute Ncommaaccent ncommaaccent Ncaron ncaron napostrophe Eng eng Omacron omacron Obreve obreve Ohungarumlaut ohungarumlaut OE oe Racute racute Rcommaaccent rcommaaccent Rcaron rcaron Sacute sacute Scircumflex scircumflex Scedilla scedilla' },
  { start: 0x160, names: 'Scaron scaron Tcommaaccent tcommaaccent Tcaron tcaron Tbar tbar Utilde utilde Umacron umacron Ubreve ubreve Uring uring Uhungarumlaut uhungarumlaut Uogonek uogonek Wcircumflex wcircumflex Ycircumflex ycircumflex Ydieresis Zacute zacute Zdotaccent zdotaccent Zcaron zcaron longs' },
  { start: 0x2c6, names: 'circumflex caron' },
  { start: 0x2d8, names: 'breve dotaccent ring ogonek tilde hungarumlaut' },
  { start: 0x391, names: 'Alpha Beta Gamma  Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho  Sigma Tau Upsilon Phi Chi Psi' },
  { start: 0x3b1, names: 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda  nu xi omicron pi rho sigma1 sigma tau upsilon phi chi psi omega' },
  { start: 0x2012, names: 'figuredash endash emdash afii00208  underscoredbl quoteleft quoteright quotesinglbase quotereversed quotedblleft quotedblright quotedblbase  dagger daggerdbl bullet  onedotenleader twodotenleader ellipsis' },
  { start: 0x2190, names: 'arrowleft arrowup arrowright arrowdown arrowboth arrowupdn' },
  { start: 0x21d0, names: 'arrowdblleft arrowdblup arrowdblright arrowdbldown arrowdblboth' },
  { start: 0xfb00, names: 'ff fi fl ffi ffl' },
];

/** Single names outside the runs above. */
const SINGLES: [string, number][] = [
  ['florin', 0x192], ['Scommaaccent', 0x218], ['scommaaccent', 0x219], ['Omega', 0x2126], ['Delta', 0x2206],
  ['Tcedilla', 0x162], ['tcedilla', 0x163], ['mu1', 0xb5],
  ['theta1', 0x3d1], ['Upsilon1', 0x3d2], ['phi1', 0x3d5], ['omega1', 0x3d6], ['perthousand', 0x2030],
  ['minute', 0x2032], ['second', 0x2033], ['guilsinglleft', 0x2039], ['guilsinglright', 0x203a], ['exclamdbl', 0x203c],
  ['fraction', 0x2044], ['Euro', 0x20ac], ['trademark', 0x2122], ['minus', 0x2212], ['Ohm', 0x2126],
  ['universal', 0x2200], ['partialdiff', 0x2202], ['existential', 0x2203], ['emptyset', 0x2205], ['gradient', 0x2207],
  ['element', 0x2208], ['notelement', 0x2209], ['suchthat', 0x220b], ['product', 0x220f], ['summation', 0x2211],
  ['asteriskmath', 0x2217], ['radical', 0x221a], ['proportional', 0x221d], ['infinity', 0x221e], ['angle', 0x2220],
  ['logicaland', 0x2227], ['logicalor', 0x2228], ['intersection', 0x2229], ['union', 0x222a], ['integral', 0x222b],
  ['therefore', 0x2234], ['similar', 0x223c], ['congruent', 0x2245], ['approxequal', 0x2248], ['notequal', 0x2260],
  ['equivalence', 0x2261], ['lessequal', 0x2264], ['greaterequal', 0x2265], ['propersubset', 0x2282], ['propersuperset', 0x2283],
  ['notsubset', 0x2284], ['reflexsubset', 0x2286], ['reflexsuperset', 0x2287], ['circleplus', 0x2295], ['circlemultiply', 0x2297],
  ['perpendicular', 0x22a5], ['dotmath', 0x22c5], ['lozenge', 0x25ca], ['aleph', 0x2135], ['Ifraktur', 0x2111],
  ['Rfraktur', 0x211c], ['weierstrass', 0x2118], ['spade', 0x2660], ['club', 0x2663], ['heart', 0x2665],
  ['diamond', 0x2666], ['carriagereturn', 0x21b5], ['apple', 0xf8ff], ['dotlessj', 0xf6be],
  ['Idot', 0x130], ['mu', 0xb5],
  // TeX's math fonts (CMSY, CMEX), as pdf.js's table has them: texinfo sets ⟨email⟩ and © in CMSY.
  ['angbracketleft', 0x3008], ['angbracketright', 0x3009], ['bardbl', 0x2016], ['circlecopyrt', 0xa9], ['nabla', 0x2207],
  ['openbullet', 0x25e6], ['prime', 0x2032], ['tildewide', 0x2dc], ['integraltext', 0x222b], ['integraldisplay', 0x222b],
  ['summationtext', 0x2211], ['summationdisplay', 0x2211], ['radicalbig', 0x221a], ['radicalBig', 0x221a], ['radicalBigg', 0x221a],
  ['parenleftbigg', 0x28], ['parenrightbigg', 0x29], ['parenleftBigg', 0x28], ['parenrightBigg', 0x29], ['bracketleftbigg', 0x5b],
  ['bracketrightbigg', 0x5d], ['bracketleftBigg', 0x5b], ['bracketrightBigg', 0x5d], ['braceleftbigg', 0x7b], ['bracerightbigg', 0x7d],
];

let table: Map<string, number> | null = null;

/** Built on first use, so importing costs nothing. */
function glyphTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  for (const run of RUNS) {
    run.names.split(' ').forEach((name, i) => { if (name) table!.set(name, run.start + i); });
  }
  for (const [name, code] of SINGLES) table.set(name, code);
  return table;
}

/** The code point a glyph name stands for in the table, or undefined if the table does not know it. */
export function knownGlyphUnicode(name: string): number | undefined {
  return glyphTable().get(name);
}

/**
 * TeX math glyph names (CMSY, CMMI, CMTT) that neither our table nor pdf.js's knows, by the character TeX's
 * command for them stands for. Kept apart from the table, which holds only names pdf.js knows.
 */
const TEX_NAMES: Record<string, number> = {
  floorleft: 0x230a, floorright: 0x230b, ceilingleft: 0x2308, ceilingright: 0x2309, lessmuch: 0x226a, greatermuch: 0x226b,
  owner: 0x220b, turnstileleft: 0x22a2, turnstileright: 0x22a3, visiblespace: 0x2423, circledot: 0x2299, circledivide: 0x2298,
  epsilon1: 0x3f5, pi1: 0x3d6, rho1: 0x3f1, lscript: 0x2113,
};

/** The code point of a TeX math glyph name outside the glyph list, or undefined. */
export function texGlyphUnicode(name: string): number | undefined {
  return Object.hasOwn(TEX_NAMES, name) ? TEX_NAMES[name] : undefined;
}

/**
 * pdf.js's `uniXXXX` / `uXXXX[XX]` rule for names outside the table: upper-case
 * hex only; -1 when the name is not of that form. (pdf.js accepts any
 * `parseInt` prefix, so a malformed tail still yields a number, as here.)
 */
export function uniNameUnicode(name: string): number {
  if (name[0] !== 'u') return -1;
  let hex: string;
  if (name.length === 7 && name[1] === 'n' && name[2] === 'i') hex = name.slice(3);
  else if (name.length >= 5 && name.length <= 7) hex = name.slice(1);
  else return -1;
  if (hex !== hex.toUpperCase()) return -1;
  const code = parseInt(hex, 16);
  return code >= 0 ? code : -1;
}

/** Every name in the table (for checking it against pdf.js's). */
export function knownGlyphNames(): string[] {
  return [...glyphTable().keys()];
}
