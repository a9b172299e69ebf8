import { sql, type Kysely } from 'kysely';

/**
 * Data protection's retention rules: one row of settings, with the defaults a foundation starts from (drafts never
 * sent in deleted 12 months after their period closed, rejected applications anonymised after 24 months, approved
 * ones 7 years after their follow-up), and who last changed them. Edited by staff who hold manage-data-protection
 * (admin). An application anonymised under them says when, so no rule reaches it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE retention_rules (
      -- One row only: the key can be nothing but true.
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      draft_months integer NOT NULL DEFAULT 12 CHECK (draft_months BETWEEN 1 AND 120),
      rejected_months integer NOT NULL DEFAULT 24 CHECK (rejected_months BETWEEN 1 AND 240),
      approved_years integer NOT NULL DEFAULT 7 CHECK (approved_years BETWEEN 1 AND 30),
      updated_by integer REFERENCES users ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO retention_rules DEFAULT VALUES;
    ALTER TABLE applications ADD COLUMN anonymised_at timestamptz;
    INSERT INTO abilities (name) VALUES ('manage-data-protection');
    INSERT INTO role_abilities (role, ability) VALUES ('admin', 'manage-data-protection');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE retention_rules;
    ALTER TABLE applications DROP COLUMN anonymised_at;
    DELETE FROM abilities WHERE name = 'manage-data-protection';
  `.execute(db);
}
