import { sql, type Kysely } from 'kysely';

/**
 * An e-ID is linked to an applicant's account only by the owner's informed act, and every link and unlink is on record.
 * - An e-ID sign-in that gave no verified e-mail and waits for an address (`oidc_pending`) is bound to the account of
 *   the address given (`frontend_user_id`), whose owner, signed in, confirms or declines it on a page that names the
 *   e-ID. A login link no longer links anything: `login_links.oidc_pending_id` goes (a link mailed before only signs in).
 * - The applicants' account history: each e-ID linked, removed, or a link declined, with the provider's name and the
 *   name the e-ID gave. Append-only: a trigger refuses every UPDATE and TRUNCATE, and every DELETE but in a transaction
 *   that names the applicant it erases (`app.erasing_applicant`), since an erased account leaves nothing naming them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE oidc_pending ADD COLUMN frontend_user_id integer REFERENCES frontend_users ON DELETE CASCADE;
    CREATE INDEX oidc_pending_frontend_user ON oidc_pending (frontend_user_id) WHERE frontend_user_id IS NOT NULL;
    ALTER TABLE login_links DROP COLUMN oidc_pending_id;

    CREATE TABLE applicant_account_history (
      id bigserial PRIMARY KEY,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      event text NOT NULL CHECK (event IN ('eid_linked', 'eid_unlinked', 'eid_link_declined')),
      provider text NOT NULL,
      person_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX applicant_account_history_account ON applicant_account_history (frontend_user_id, id);
    CREATE FUNCTION applicant_account_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF current_setting('app.erasing_applicant', true) = OLD.frontend_user_id::text THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'applicant_account_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER applicant_account_history_append_only BEFORE UPDATE OR DELETE ON applicant_account_history
      FOR EACH ROW EXECUTE FUNCTION applicant_account_history_append_only();
    CREATE TRIGGER applicant_account_history_no_truncate BEFORE TRUNCATE ON applicant_account_history
      FOR EACH STATEMENT EXECUTE FUNCTION applicant_account_history_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE applicant_account_history;
    DROP FUNCTION applicant_account_history_append_only();
    ALTER TABLE login_links ADD COLUMN oidc_pending_id bigint REFERENCES oidc_pending ON DELETE SET NULL;
    DROP INDEX oidc_pending_frontend_user;
    ALTER TABLE oidc_pending DROP COLUMN frontend_user_id;
  `.execute(db);
}
