import { sql, type Kysely } from 'kysely';

/**
 * The append-only history refuses row by row, with restrict_violation (23001) rather than a bare exception (P0001).
 * Row by row: a statement trigger fired for every delete of a staff user (the foreign key's ON DELETE SET NULL runs
 * an UPDATE of the history even when no row names them), so no staff user could be deleted at all. The code: a delete
 * that would change the history (a user named in it) is "still in use", a 409 with a message, like any other row
 * still referred to. TRUNCATE, which fires no row trigger, is refused by a statement trigger of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION application_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'application_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    DROP TRIGGER application_history_append_only ON application_history;
    CREATE TRIGGER application_history_append_only BEFORE UPDATE OR DELETE ON application_history
      FOR EACH ROW EXECUTE FUNCTION application_history_append_only();
    CREATE TRIGGER application_history_no_truncate BEFORE TRUNCATE ON application_history
      FOR EACH STATEMENT EXECUTE FUNCTION application_history_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION application_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'application_history is append-only';
    END $$;
    DROP TRIGGER application_history_no_truncate ON application_history;
    DROP TRIGGER application_history_append_only ON application_history;
    CREATE TRIGGER application_history_append_only BEFORE UPDATE OR DELETE ON application_history
      FOR EACH STATEMENT EXECUTE FUNCTION application_history_append_only();
  `.execute(db);
}
