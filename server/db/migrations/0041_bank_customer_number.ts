import { sql, type Kysely } from 'kysely';

/**
 * The number the foundation's bank gave it as a customer of its file service (kundnummer, agreement id): the payment
 * file's initiating party names it with the scheme BANK; without it, the organisation number with the scheme CUST.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_settings ADD COLUMN bank_customer_number text CHECK (bank_customer_number ~ '^[A-Za-z0-9-]{1,35}$');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_settings DROP COLUMN bank_customer_number`.execute(db);
}
