import { sql, type Kysely } from 'kysely';

/**
 * Every sort of every staff list walks an index at a million applications as at ten thousand (bench/scale.ts):
 * - The applicant's name, the applicant sort's key, is kept in the application's row (in Swedish collation), so the sort
 *   joins nothing: set from the applicant when an application is written or changes hands, and on every application
 *   of an applicant whose name changes; null once anonymised (no applicant, last ascending, as before).
 * - One index per sort key, behind the status: a list of one status walks its index alone; a list of several
 *   (server/applications/lists.ts) merges one short walk per status. Amounts and dates not set sort as the smallest
 *   (NULLS FIRST), so one index serves both directions. The period is included, so a list of one period (decisioning)
 *   or of the periods a user may see passes over the others without reading their rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications ADD COLUMN applicant_last_name text COLLATE swedish, ADD COLUMN applicant_first_name text COLLATE swedish;
    UPDATE applications a SET applicant_last_name = f.last_name, applicant_first_name = f.first_name
      FROM frontend_users f WHERE f.id = a.frontend_user_id;

    CREATE FUNCTION applications_applicant_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT f.last_name, f.first_name INTO NEW.applicant_last_name, NEW.applicant_first_name
        FROM frontend_users f WHERE f.id = NEW.frontend_user_id;
      IF NEW.frontend_user_id IS NULL THEN
        NEW.applicant_last_name := NULL;
        NEW.applicant_first_name := NULL;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER applications_applicant_name BEFORE INSERT OR UPDATE OF frontend_user_id ON applications
      FOR EACH ROW EXECUTE FUNCTION applications_applicant_name();

    CREATE FUNCTION frontend_users_name_to_applications() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE applications SET applicant_last_name = NEW.last_name, applicant_first_name = NEW.first_name
        WHERE frontend_user_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER frontend_users_name_to_applications AFTER UPDATE OF first_name, last_name ON frontend_users
      FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
      EXECUTE FUNCTION frontend_users_name_to_applications();

    CREATE INDEX applications_sort_id ON applications (status, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_reference ON applications (status, reference, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_applicant ON applications
      (status, applicant_last_name, applicant_first_name, frontend_user_id, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_period ON applications (status, period_id, id);
    CREATE INDEX applications_sort_money ON applications (status, money NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_sent_in_at ON applications (status, sent_in_at NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_created_at ON applications (status, created_at, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_approved_money ON applications (status, approved_money NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_approved_fou ON applications (status, approved_fou NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_approved_nok ON applications (status, approved_nok NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_followup_sent_in_at ON applications (status, followup_sent_in_at NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_followup_at ON applications (status, followup_at NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_distribution_mail ON applications (status, distribution_mail_sent_at NULLS FIRST, id)
      INCLUDE (period_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_sort_id, applications_sort_reference, applications_sort_applicant, applications_sort_period,
      applications_sort_money, applications_sort_sent_in_at, applications_sort_created_at, applications_sort_approved_money,
      applications_sort_approved_fou, applications_sort_approved_nok, applications_sort_followup_sent_in_at,
      applications_sort_followup_at, applications_sort_distribution_mail;
    DROP TRIGGER frontend_users_name_to_applications ON frontend_users;
    DROP FUNCTION frontend_users_name_to_applications();
    DROP TRIGGER applications_applicant_name ON applications;
    DROP FUNCTION applications_applicant_name();
    ALTER TABLE applications DROP COLUMN applicant_last_name, DROP COLUMN applicant_first_name;
  `.execute(db);
}
