import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the settings lists at 100,000 rows: localized sorts read an index in Swedish collation, searches
 * (ILIKE '%term%') a trigram index, filters a plain one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX categories_label_sv ON categories (label COLLATE swedish, id);
    CREATE INDEX categories_type ON categories (type);
    CREATE INDEX categories_label_trgm ON categories USING gin (label gin_trgm_ops);
    CREATE INDEX application_types_label_sv ON application_types (label COLLATE swedish, id);
    CREATE INDEX contacts_last_name_sv ON contacts (last_name COLLATE swedish, id);
    CREATE INDEX contacts_first_name_sv ON contacts (first_name COLLATE swedish, id);
    CREATE INDEX contacts_names_trgm ON contacts USING gin (first_name gin_trgm_ops, last_name gin_trgm_ops);
    CREATE INDEX faqs_order ON faqs ("order", id);
    CREATE INDEX organisations_name_sv ON organisations (name COLLATE swedish, id);
    CREATE INDEX organisations_name_trgm ON organisations USING gin (name gin_trgm_ops);
    CREATE INDEX periods_name_sv ON periods (name COLLATE swedish, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX categories_label_sv, categories_type, categories_label_trgm, application_types_label_sv,
      contacts_last_name_sv, contacts_first_name_sv, contacts_names_trgm, faqs_order, organisations_name_sv,
      organisations_name_trgm, periods_name_sv;
  `.execute(db);
}
