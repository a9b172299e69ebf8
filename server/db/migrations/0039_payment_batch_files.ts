import { sql, type Kysely } from 'kysely';

/**
 * A payment batch's file is the bank's from its first download: it is stored then (`file_xml`, `file_stored_at`) and
 * every later download gives the same bytes. A batch not yet sent may be cancelled (`cancelled_at`, `cancelled_by`):
 * its payouts go back to approved, to be batched anew under a new message id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_batches
      ADD COLUMN file_xml text,
      ADD COLUMN file_stored_at timestamptz,
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancelled_by integer REFERENCES users ON DELETE RESTRICT,
      ADD CONSTRAINT payment_batches_file_stored CHECK ((file_xml IS NULL) = (file_stored_at IS NULL)),
      ADD CONSTRAINT payment_batches_cancelled CHECK ((cancelled_at IS NULL) = (cancelled_by IS NULL)),
      ADD CONSTRAINT payment_batches_sent_or_cancelled CHECK (sent_at IS NULL OR cancelled_at IS NULL);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_batches DROP CONSTRAINT payment_batches_sent_or_cancelled, DROP CONSTRAINT payment_batches_cancelled,
      DROP CONSTRAINT payment_batches_file_stored, DROP COLUMN cancelled_by, DROP COLUMN cancelled_at,
      DROP COLUMN file_stored_at, DROP COLUMN file_xml;
  `.execute(db);
}
