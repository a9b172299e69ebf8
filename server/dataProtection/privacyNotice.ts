import Polyglot from 'node-polyglot';
import type { Db } from '../db/connect.js';
import type { Locale } from '../../resources/locales.js';
import type { RetentionRules } from '../../resources/retention.js';

/**
 * The privacy notice staff write (the settings singleton `privacy-notices`, resources/privacyNotice.ts), one text per language, with the retention rules' figures as placeholders
 * (%{draft_months}, %{rejected_months}, %{approved_years}), so what applicants read always states the rules in force.
 */
export async function privacyNoticeFor(db: Db, locale: Locale, rules: RetentionRules): Promise<string> {
  const row = await db.selectFrom('privacy_notices').select('body').where('locale', '=', locale).executeTakeFirst();
  return Polyglot.transformPhrase(row?.body ?? '', { ...rules }, locale.slice(0, 2));
}
