import { sql, type Kysely } from 'kysely';

/**
 * A review's proposal and comment of its own beside the investigation's: a person who investigates and reviews an
 * application writes two notes, and neither replaces the other. A review sent in before kept its proposal in the
 * investigation's columns: it is copied, so both read as they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE investigations
      ADD COLUMN review_amount bigint CHECK (review_amount >= 0),
      ADD COLUMN review_status smallint NOT NULL DEFAULT 10,
      ADD COLUMN review_comment text;
    UPDATE investigations SET review_amount = amount, review_status = status, review_comment = comment
    WHERE reviewed_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE investigations DROP COLUMN review_amount, DROP COLUMN review_status, DROP COLUMN review_comment`.execute(db);
}
