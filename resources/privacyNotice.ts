import { textarea } from './fields.js';
import { locales } from './locales.js';
import { defineSingleton } from './singletons.js';

/** The longest text of a language. */
export const NOTICE_MAX = 20_000;

/**
 * The privacy notice staff write, one text per language (a row each), with the retention rules' figures as
 * placeholders (%{draft_months}, %{rejected_months}, %{approved_years}), so what applicants read states the rules in force.
 */
export const privacyNotice = defineSingleton({
  name: 'privacy-notices',
  endpoint: 'privacy-notices',
  table: 'privacy_notices',
  ability: 'manage-data-protection',
  description: 'the privacy notice’s text in each language',
  keyed: { keyColumn: 'locale', valueColumn: 'body' },
  fields: locales.map((locale) => textarea(locale, { required: true, maxLength: NOTICE_MAX, help: true })),
});
