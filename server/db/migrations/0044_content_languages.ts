import { sql, type Kysely } from 'kysely';

/**
 * What staff write that applicants read, in English beside the Swedish (resources/contentLanguage.ts): the application
 * types' and categories' names, the questions and their options, the FAQ, the periods' names and the contacts'
 * titles. The Swedish columns stay the required ones; an English one left empty shows the Swedish.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE application_types ADD COLUMN label_en text;
    ALTER TABLE categories ADD COLUMN label_en text;
    ALTER TABLE application_type_field_definitions
      ADD COLUMN label_en text,
      ADD COLUMN options_en jsonb NOT NULL DEFAULT '[]';
    ALTER TABLE faqs ADD COLUMN question_en text, ADD COLUMN answer_en text;
    ALTER TABLE periods ADD COLUMN name_en text;
    ALTER TABLE contacts ADD COLUMN title_en text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE application_types DROP COLUMN label_en;
    ALTER TABLE categories DROP COLUMN label_en;
    ALTER TABLE application_type_field_definitions DROP COLUMN label_en, DROP COLUMN options_en;
    ALTER TABLE faqs DROP COLUMN question_en, DROP COLUMN answer_en;
    ALTER TABLE periods DROP COLUMN name_en;
    ALTER TABLE contacts DROP COLUMN title_en;
  `.execute(db);
}
