import { sql, type Kysely } from 'kysely';

/**
 * Searches fold case through `search_fold(text)`, on the column and on the pattern alike (server/lists/search.ts).
 * ILIKE and lower() fold with the database's default collation, which for the embedded database is C: ASCII only,
 * so "öbe" never found "Öberg". The function names its collation, so it folds every letter whatever the default
 * (embedded or DATABASE_URL): PostgreSQL's own `pg_c_utf8` where there is one (17 and newer, UTF8), as fast as
 * lowering ASCII; else the ICU collation `swedish` of migration 0001. Being IMMUTABLE and one SQL expression, it is
 * inlined both into the trigram indexes below and into the queries, which therefore still match the indexes. The
 * applicants' list searches their first and last names apart (resources/frontendUsers.ts), which no index served.
 */
const trigramIndexes = [
  ['categories_label_trgm', 'categories', 'search_fold(label) gin_trgm_ops', 'label gin_trgm_ops'],
  [
    'contacts_names_trgm',
    'contacts',
    'search_fold(first_name) gin_trgm_ops, search_fold(last_name) gin_trgm_ops',
    'first_name gin_trgm_ops, last_name gin_trgm_ops',
  ],
  ['organisations_name_trgm', 'organisations', 'search_fold(name) gin_trgm_ops', 'name gin_trgm_ops'],
  ['applications_reference_trgm', 'applications', 'search_fold(reference) gin_trgm_ops', 'reference gin_trgm_ops'],
  ['applications_org_name_trgm', 'applications', 'search_fold(org_name) gin_trgm_ops', 'org_name gin_trgm_ops'],
  [
    'frontend_users_name_trgm',
    'frontend_users',
    `search_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops`,
    `(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops`,
  ],
  ['frontend_users_email_trgm', 'frontend_users', 'search_fold(email) gin_trgm_ops', 'email gin_trgm_ops'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ builtin: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM pg_collation
      WHERE collname = 'pg_c_utf8' AND collencoding IN (-1, pg_char_to_encoding(getdatabaseencoding()))
    ) AS builtin
  `.execute(db);
  const collation = rows[0].builtin ? 'pg_c_utf8' : 'swedish';
  await sql`
    CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN lower($1 COLLATE ${sql.id(collation)})
  `.execute(db);
  for (const [name, table, folded] of trigramIndexes) {
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} USING gin (${sql.raw(folded)})`.execute(db);
  }
  await sql`
    CREATE INDEX frontend_users_names_trgm ON frontend_users
      USING gin (search_fold(first_name) gin_trgm_ops, search_fold(last_name) gin_trgm_ops)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX frontend_users_names_trgm`.execute(db);
  for (const [name, table, , plain] of trigramIndexes) {
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} USING gin (${sql.raw(plain)})`.execute(db);
  }
  await sql`DROP FUNCTION search_fold(text)`.execute(db);
}
