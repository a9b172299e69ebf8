import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Locale } from '../../resources/locales';
import { useI18n } from './i18n';

/**
 * A record with texts staff wrote (resources/contentLanguage.ts): the portal's name those shown in the other language
 * for want of a translation; the staff form's are as staff wrote them, and name none.
 */
export interface Translatable {
  untranslated?: readonly string[];
}

/** The `lang` of a record's text when it is in the other language (else none: the page's own). */
export function langOf(locale: Locale, record: Translatable | null | undefined, field: string): string | undefined {
  return record?.untranslated?.includes(field) ? (locale === 'en-US' ? 'sv' : 'en') : undefined;
}

/** Whether any of these records shows a text in the other language. */
export const someUntranslated = (records: readonly (Translatable | null | undefined)[]) => records.some((r) => !!r?.untranslated?.length);

/** What stands for the text in a translated sentence while it is split around it: no translation holds it. */
const SLOT = '\u2063';

/**
 * A translated sentence naming a text staff wrote (`part`, e.g. the type in "Apply: %{type}"), with that text in an
 * element of its own carrying its `lang` when it is in the other language.
 */
export function sentenceWith(
  t: (key: string, params?: Record<string, unknown>) => string,
  key: string,
  part: { name: string; text: string; lang: string | undefined },
  params: Record<string, unknown> = {},
): ReactNode {
  if (!part.lang) return t(key, { ...params, [part.name]: part.text });
  const [before, after = ''] = t(key, { ...params, [part.name]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      <span lang={part.lang}>{part.text}</span>
      {after}
    </>
  );
}

/**
 * Said once above a page's or section's texts when some of them are in the other language (Swedish on an English
 * page) for want of a translation; each such text also carries its `lang` for screen readers.
 */
export function UntranslatedNote({ shown, mt, mb }: { shown: boolean; mt?: number; mb?: number }) {
  const { t } = useI18n();
  if (!shown) return null;
  return (
    <Typography role="note" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mt, mb }}>
      {t('portal.untranslated')}
    </Typography>
  );
}
