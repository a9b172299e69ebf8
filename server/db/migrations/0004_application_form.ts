import { sql, type Kysely } from 'kysely';

/**
 * The applicant's five-step form: organisation and contact details kept on the application as sent in
 * (the register of organisations may change later), links, consent, the step the applicant was on, uploaded files,
 * references numbered per year, and the answer time a period promises in its confirmation mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      ADD COLUMN step smallint NOT NULL DEFAULT 1,
      ADD COLUMN org_number text,
      ADD COLUMN org_name text,
      ADD COLUMN organisation_type smallint,
      ADD COLUMN org_address text,
      ADD COLUMN org_co text,
      ADD COLUMN org_zip text,
      ADD COLUMN org_city text,
      ADD COLUMN org_website text,
      ADD COLUMN contact_first_name text,
      ADD COLUMN contact_last_name text,
      ADD COLUMN contact_email text,
      ADD COLUMN contact_email_confirmation text,
      ADD COLUMN contact_phone text,
      ADD COLUMN contact_address text,
      ADD COLUMN contact_zip text,
      ADD COLUMN contact_city text,
      ADD COLUMN links text[] NOT NULL DEFAULT '{}',
      ADD COLUMN consent boolean NOT NULL DEFAULT false;

    ALTER TABLE periods ADD COLUMN answer_weeks smallint NOT NULL DEFAULT 6 CHECK (answer_weeks BETWEEN 1 AND 52);

    CREATE TABLE application_files (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      -- The media question it answers; null for the attachments of step 5.
      field_definition_id integer REFERENCES application_type_field_definitions ON DELETE SET NULL,
      name text NOT NULL,
      mime text NOT NULL,
      size integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX application_files_application ON application_files (application_id);

    CREATE TABLE reference_counters (
      year integer PRIMARY KEY,
      last integer NOT NULL
    );
    -- Continue the numbering of references already given (the demo's, or an older system's).
    INSERT INTO reference_counters (year, last)
      SELECT split_part(reference, '-', 1)::integer, max(split_part(reference, '-', 2)::integer)
      FROM applications WHERE reference ~ '^\\d{4}-\\d+$' GROUP BY 1;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE reference_counters;
    DROP TABLE application_files;
    ALTER TABLE periods DROP COLUMN answer_weeks;
    ALTER TABLE applications
      DROP COLUMN step, DROP COLUMN org_number, DROP COLUMN org_name, DROP COLUMN organisation_type,
      DROP COLUMN org_address, DROP COLUMN org_co, DROP COLUMN org_zip, DROP COLUMN org_city, DROP COLUMN org_website,
      DROP COLUMN contact_first_name, DROP COLUMN contact_last_name, DROP COLUMN contact_email,
      DROP COLUMN contact_email_confirmation, DROP COLUMN contact_phone, DROP COLUMN contact_address,
      DROP COLUMN contact_zip, DROP COLUMN contact_city, DROP COLUMN links, DROP COLUMN consent;
  `.execute(db);
}
