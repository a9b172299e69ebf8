import { sql, type Kysely } from 'kysely';

/** Applicants' e-mailed login links: stored only as SHA-256, single use, with an expiry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_links (
      id bigserial PRIMARY KEY,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      token_hash bytea NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_links_user ON login_links (frontend_user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_links`.execute(db);
}
