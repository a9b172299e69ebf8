import { sql, type Kysely } from 'kysely';

/** Attempts are also counted per client address across e-mails (one client trying many accounts or addresses). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX login_attempts_by_address ON login_attempts (scope, ip, attempted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX login_attempts_by_address`.execute(db);
}
