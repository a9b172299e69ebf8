import type { Db } from './db/connect.js';

/** The FAQs in the order staff gave them. */
export function faqsInOrder(db: Db) {
  return db.selectFrom('faqs').select(['id', 'question', 'answer']).orderBy('order').orderBy('id').execute();
}
