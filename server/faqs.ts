import { sql } from 'kysely';
import { shownIn } from '../resources/contentLanguage.js';
import type { Locale } from '../resources/locales.js';
import type { Db } from './db/connect.js';
import { invalid } from './errors.js';

/** The FAQs in the order staff gave them, in the reader's language where they have it. */
export async function faqsInOrder(db: Db, locale: Locale) {
  const rows = await db
    .selectFrom('faqs')
    .select(['id', 'question', 'question_en', 'answer', 'answer_en'])
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map((row) => shownIn(locale, row, ['question', 'answer'] as const));
}

/**
 * Puts every FAQ in the given order: "order" becomes each one's position, 1..n, in one transaction. The ids must be
 * exactly the FAQs there are (422 otherwise). Answers the FAQs in their new order.
 */
export function reorderFaqs(db: Db, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    // No FAQ may be created, edited or deleted meanwhile: the set compared is the set updated (reads still pass).
    await sql`LOCK TABLE faqs IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const existing = await trx.selectFrom('faqs').select('id').execute();
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) throw invalid({ ids: ['validation.in'] });
    // One statement: each id gets its 1-based position in the array; only rows whose place changed are touched.
    await sql`
      UPDATE faqs SET "order" = x.position, updated_at = now()
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS x(id, position)
      WHERE faqs.id = x.id AND faqs."order" <> x.position
    `.execute(trx);
    return trx.selectFrom('faqs').select(['id', 'question', 'order']).orderBy('order').orderBy('id').execute();
  });
}
