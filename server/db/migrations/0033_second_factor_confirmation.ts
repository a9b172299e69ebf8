import { sql, type Kysely } from 'kysely';

/**
 * Staff's second factor goes on only once its owner has said the recovery codes are saved. Between the first code
 * from the app and that step the secret stays pending (`totp_pending_secret`), with the time its code was confirmed
 * and its recovery codes were made and shown (`totp_pending_confirmed_at`): a sign-in or a settings page left there
 * has switched nothing on, and the next enrolment starts again from a new secret. An enrolment under way when this
 * runs has not confirmed its codes, so it asks for the code again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN totp_pending_confirmed_at timestamptz,
      ADD CONSTRAINT users_totp_pending_confirmed CHECK (totp_pending_confirmed_at IS NULL OR totp_pending_secret IS NOT NULL);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN totp_pending_confirmed_at`.execute(db);
}
