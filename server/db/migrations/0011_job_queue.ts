import { sql, type Kysely } from 'kysely';

/**
 * Mail delivery is a job of the queue (pg-boss, in its own schema `pgboss`, which it creates and updates itself when
 * the app starts): each mail's job keeps its own retry time, so the outbox no longer needs one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX outbox_pending;
    ALTER TABLE outbox DROP COLUMN next_attempt_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL;
  `.execute(db);
}
