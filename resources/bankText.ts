/**
 * The characters a Swedish bank takes in a payment's names and texts (pain.001): the Latin set of ISO 20022 as the
 * EPC and the Swedish banks' implementation guides give it — a–z, A–Z, 0–9, / - ? : ( ) . , ' + and the space — and
 * å ä ö Å Ä Ö. Any other character is written as its clear Latin form (é → e, ü → u, æ → ae, ø → o, ß → ss, & → +,
 * a typographic quote or dash as the plain one) or, where there is none (an emoji, a Chinese character, a
 * right-to-left override), refused: at entry, so the applicant can write it otherwise, and again when the file is made.
 */

const ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ÅÄÖåäö]$/u;

/** Letters whose Latin form is no accent taken off, and signs with a plain counterpart. */
const LATIN: Record<string, string> = {
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  œ: 'oe',
  Œ: 'OE',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  '&': '+',
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '‘': "'",
  '’': "'",
  '´': "'",
  '`': "'",
  '«': "'",
  '»': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/** One character as the bank takes it, or null when it has no clear Latin form. */
function latin(character: string): string | null {
  if (ALLOWED.test(character)) return character;
  if (LATIN[character] !== undefined) return LATIN[character];
  if (/^\s$/u.test(character)) return ' ';
  // An accent taken off: é is e and an acute accent, ü is u and a diaeresis.
  const base = character.normalize('NFD').replace(/\p{M}/gu, '');
  return base && [...base].every((c) => ALLOWED.test(c)) ? base : null;
}

/** The text as the bank takes it, or the first character that cannot be written so. */
export function bankText(text: string): { text: string; refused?: undefined } | { refused: string; text?: undefined } {
  let written = '';
  for (const character of text.normalize('NFC')) {
    const form = latin(character);
    if (form === null) return { refused: character };
    written += form;
  }
  return { text: written.replace(/ {2,}/g, ' ').trim() };
}

/** How a refused character is named in a message: itself when it shows, else its code point (U+202E). */
export const characterName = (character: string) =>
  /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) && !/\p{Cf}/u.test(character)
    ? `"${character}"`
    : `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
