import { sql, type Kysely } from 'kysely';

/**
 * A search finds an application by the name or e-mail of its applicant and of any of its organisation's people
 * (server/applications/lists.ts). Past the count's cap, a page of a common name is found by walking a sort index and
 * testing each row; testing it against the people the search found needed every one of them and their organisations
 * first (about 8 000 for a common surname at a million applications, most of such a page's time). The application's row
 * now keeps those names and addresses, one per line (so that no term matches across two of them), and the walk tests
 * the row alone. Kept by triggers, as the applicant's name of migration 0023: when an application is written or changes
 * hands or organisation, when a person's name or address changes, and when an organisation's people change (an erased
 * person leaves every row with their account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications ADD COLUMN searched_people text;

    CREATE FUNCTION application_people(applicant integer, organisation integer) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE
      RETURN (
        SELECT string_agg(coalesce(f.first_name, '') || ' ' || coalesce(f.last_name, '') || E'\n' || coalesce(f.email, ''), E'\n' ORDER BY f.id)
        FROM frontend_users f
        WHERE f.id IN (SELECT applicant UNION SELECT m.frontend_user_id FROM organisation_members m WHERE m.organisation_id = organisation)
      );

    CREATE FUNCTION applications_searched_people() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.searched_people := application_people(NEW.frontend_user_id, NEW.organisation_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER applications_searched_people BEFORE INSERT OR UPDATE OF frontend_user_id, organisation_id ON applications
      FOR EACH ROW EXECUTE FUNCTION applications_searched_people();

    -- The applications of the given organisations, and of the given people and every organisation they are of: their
    -- ids found first by their indexes, then their rows by primary key (as one join, a generic plan read the whole
    -- table for a send-in's new member), and none written when there are none.
    CREATE FUNCTION searched_people_again(organisation_ids integer[], person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      ids integer[] := array(
        SELECT id FROM applications WHERE organisation_id = ANY (organisation_ids)
        UNION SELECT id FROM applications WHERE frontend_user_id = ANY (person_ids)
        UNION SELECT x.id FROM organisation_members m JOIN applications x ON x.organisation_id = m.organisation_id
          WHERE m.frontend_user_id = ANY (person_ids));
    BEGIN
      IF cardinality(ids) > 0 THEN
        UPDATE applications SET searched_people = application_people(frontend_user_id, organisation_id) WHERE id = ANY (ids);
      END IF;
    END $$;

    CREATE FUNCTION frontend_users_searched_people() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM searched_people_again('{}', ARRAY[NEW.id]);
      RETURN NULL;
    END $$;
    CREATE TRIGGER frontend_users_searched_people AFTER UPDATE OF first_name, last_name, email ON frontend_users
      FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
                         OR OLD.email IS DISTINCT FROM NEW.email)
      EXECUTE FUNCTION frontend_users_searched_people();

    CREATE FUNCTION organisation_members_searched_people() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM searched_people_again(array(SELECT DISTINCT organisation_id FROM new_rows), '{}');
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM searched_people_again(array(SELECT DISTINCT organisation_id FROM old_rows), '{}');
      ELSE
        -- A change of role alone changes no one's name.
        PERFORM searched_people_again(array(
          SELECT x.organisation_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
            LATERAL (VALUES (o.organisation_id), (n.organisation_id)) x (organisation_id)
          WHERE o.organisation_id <> n.organisation_id OR o.frontend_user_id <> n.frontend_user_id), '{}');
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER organisation_members_searched_people_insert AFTER INSERT ON organisation_members
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_searched_people();
    CREATE TRIGGER organisation_members_searched_people_update AFTER UPDATE ON organisation_members
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_searched_people();
    CREATE TRIGGER organisation_members_searched_people_delete AFTER DELETE ON organisation_members
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_searched_people();

    UPDATE applications a SET searched_people = s.people
    FROM (
      SELECT a.id, string_agg(coalesce(f.first_name, '') || ' ' || coalesce(f.last_name, '') || E'\n' || coalesce(f.email, ''), E'\n' ORDER BY f.id) AS people
      FROM applications a
      CROSS JOIN LATERAL (
        SELECT a.frontend_user_id AS id
        UNION SELECT m.frontend_user_id FROM organisation_members m WHERE m.organisation_id = a.organisation_id
      ) x
      JOIN frontend_users f ON f.id = x.id
      GROUP BY a.id
    ) s
    WHERE s.id = a.id;

    -- Every row written again: its trigram indexes' pending entries merged and the statistics taken afresh, as
    -- autovacuum would later, so that searches plan on them from the start (the planner counts pending entries against
    -- an index).
    SELECT gin_clean_pending_list(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = 'applications'::regclass AND am.amname = 'gin';
    ANALYZE applications;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER organisation_members_searched_people_insert ON organisation_members;
    DROP TRIGGER organisation_members_searched_people_update ON organisation_members;
    DROP TRIGGER organisation_members_searched_people_delete ON organisation_members;
    DROP FUNCTION organisation_members_searched_people();
    DROP TRIGGER frontend_users_searched_people ON frontend_users;
    DROP FUNCTION frontend_users_searched_people();
    DROP FUNCTION searched_people_again(integer[], integer[]);
    DROP TRIGGER applications_searched_people ON applications;
    DROP FUNCTION applications_searched_people();
    DROP FUNCTION application_people(integer, integer);
    ALTER TABLE applications DROP COLUMN searched_people;
  `.execute(db);
}
