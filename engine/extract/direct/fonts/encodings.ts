/**
 * The simple-font base encodings of PDF 32000 Annex D (StandardEncoding,
 * WinAnsiEncoding, MacRomanEncoding), as 256 glyph names each ('' where a code
 * is unused). WinAnsi follows the Annex's note that unused codes above 40
 * (octal) show a bullet; MacRoman includes the Annex's additional symbols.
 */

/** A base encoding: glyph names by code. */
export type Encoding = readonly string[];

const ASCII = 'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde';

const LATIN1 = 'space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis';

/** Fills `names` (space-separated, `-` for an unused code) into `out` from `start`. */
function fill(out: string[], start: number, names: string): void {
  names.split(' ').forEach((name, i) => { out[start + i] = name === '-' ? '' : name; });
}

function build(parts: [number, string][]): Encoding {
  const out = new Array<string>(256).fill('');
  fill(out, 0x20, ASCII);
  for (const [start, names] of parts) fill(out, start, names);
  return Object.freeze(out);
}

/** Adobe StandardEncoding. */
export const STANDARD_ENCODING: Encoding = build([
  [0x27, 'quoteright'], [0x60, 'quoteleft'],
  [0xa1, 'exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl - endash dagger daggerdbl periodcentered - paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand - questiondown'],
  [0xc1, 'grave acute circumflex tilde macron breve dotaccent dieresis - ring cedilla - hungarumlaut ogonek caron emdash'],
  [0xe1, 'AE - ordfeminine - - - - Lslash Oslash OE ordmasculine'],
  [0xf1, 'ae - - - dotlessi - - lslash oslash oe germandbls'],
]);

/** WinAnsiEncoding (Windows code page 1252). */
export const WIN_ANSI_ENCODING: Encoding = build([
  [0x7f, 'bullet Euro bullet quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE bullet Zcaron bullet'],
  [0x90, 'bullet quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe bullet zcaron Ydieresis'],
  [0xa0, LATIN1],
]);

/** MacRomanEncoding. */
export const MAC_ROMAN_ENCODING: Encoding = build([
  [0x80, 'Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis'],
  [0xa0, 'dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash'],
  [0xc0, 'questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis space Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl'],
  [0xe0, 'daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron'],
]);

/** The base encodings pdf.js accepts by name in /Encoding or /BaseEncoding (MacExpert is not supported here). */
export function namedEncoding(name: string): Encoding | null {
  if (name === 'WinAnsiEncoding') return WIN_ANSI_ENCODING;
  if (name === 'MacRomanEncoding') return MAC_ROMAN_ENCODING;
  return null;
}
