import Polyglot from 'node-polyglot';
import type { Db } from '../db/connect.js';
import { locales, type Locale } from '../../resources/locales.js';
import type { RetentionRules } from '../../resources/retention.js';
import { personName } from '../../resources/users.js';

/**
 * The privacy notice staff write, one text per language, with the retention rules' figures as placeholders
 * (%{draft_months}, %{rejected_months}, %{approved_years}), so what applicants read always states the rules in force.
 */
export async function privacyNoticeFor(db: Db, locale: Locale, rules: RetentionRules): Promise<string> {
  const row = await db.selectFrom('privacy_notices').select('body').where('locale', '=', locale).executeTakeFirst();
  return Polyglot.transformPhrase(row?.body ?? '', { ...rules }, locale.slice(0, 2));
}

/** Every language's text as staff wrote it, with who changed it last (null: nobody since the first texts). */
export async function privacyNotices(db: Db) {
  const rows = await db
    .selectFrom('privacy_notices as n')
    .leftJoin('users as u', 'u.id', 'n.updated_by')
    .select(['n.locale', 'n.body', 'n.updated_at', 'u.id as user_id', 'u.first_name', 'u.last_name'])
    .execute();
  const byLocale = new Map(rows.map((row) => [row.locale, row]));
  return Object.fromEntries(
    locales.map((locale) => {
      const row = byLocale.get(locale);
      return [
        locale,
        {
          body: row?.body ?? '',
          updated_at: row?.user_id == null ? null : row.updated_at,
          updated_by: row?.user_id == null ? null : { id: row.user_id, name: personName(row.first_name, row.last_name) },
        },
      ];
    }),
  ) as Record<Locale, { body: string; updated_at: Date | null; updated_by: { id: number; name: string } | null }>;
}

/** Saves the texts of the languages given, as changed by `userId`. */
export async function savePrivacyNotices(db: Db, bodies: Partial<Record<Locale, string>>, userId: number, now: Date) {
  for (const [locale, body] of Object.entries(bodies)) {
    await db
      .insertInto('privacy_notices')
      .values({ locale, body: body, updated_by: userId, updated_at: now })
      .onConflict((oc) => oc.column('locale').doUpdateSet({ body: body, updated_by: userId, updated_at: now }))
      .execute();
  }
  return privacyNotices(db);
}
