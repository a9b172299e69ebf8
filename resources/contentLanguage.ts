import type { Locale } from './locales.js';

/**
 * The texts staff write for applicants (an application type's name, a question, a category, a FAQ...) are kept per
 * language: the Swedish one required (`label`), the English one optional beside it (`label_en`). An applicant reads
 * the one in their language where there is one, else the other, and is told so.
 */

/** A text as one reader reads it; `fallback` when it is not in their language, for want of a translation. */
export interface ShownText {
  text: string;
  fallback: boolean;
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * The text for a reader: the English one for an English reader where it is not blank, else the Swedish one; a
 * Swedish reader gets the English one only where the Swedish is blank (as a period's grant conditions may be).
 */
export function textIn(locale: Locale, swedish: string | null | undefined, english: string | null | undefined): ShownText {
  const [own, other] = locale === 'en-US' ? [english, swedish] : [swedish, english];
  if (filled(own)) return { text: own, fallback: false };
  if (filled(other)) return { text: other, fallback: true };
  return { text: '', fallback: false };
}

/** The column of a text's English twin: `label` -> `label_en`. */
export type EnglishOf<F extends string> = `${F}_en`;
export const englishOf = <F extends string>(field: F): EnglishOf<F> => `${field}_en`;

/** A record with its texts as one reader reads them: `untranslated` names those in the other language. */
export type Shown<R, F extends string> = Omit<R, EnglishOf<F>> & { untranslated: F[] };

/**
 * A record's texts `fields` as one reader reads them, each from itself or its English twin (which the result leaves
 * out). A text blank in both languages keeps its own value (null stays null).
 */
export function shownIn<F extends string, R extends Record<F | EnglishOf<F>, string | null>>(
  locale: Locale,
  record: R,
  fields: readonly F[],
): Shown<R, F> {
  const shown: Record<string, unknown> = { ...record };
  const untranslated: F[] = [];
  for (const field of fields) {
    const { text, fallback } = textIn(locale, record[field], record[englishOf(field)]);
    if (text) shown[field] = text;
    delete shown[englishOf(field)];
    if (fallback) untranslated.push(field);
  }
  return { ...shown, untranslated } as Shown<R, F>;
}

/**
 * A question's options as one reader reads them. The English list is read only whole, one line for each Swedish
 * option in the same order (the settings refuse another count); the answers keep the Swedish options as their values.
 */
export function optionsIn(locale: Locale, swedish: readonly string[], english: readonly string[] | null | undefined) {
  const translated = !!english && english.length === swedish.length && english.every(filled);
  const fallback = locale === 'en-US' && swedish.length > 0 && !translated;
  return { labels: locale === 'en-US' && translated ? [...english] : [...swedish], fallback };
}
