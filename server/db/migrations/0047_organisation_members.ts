import { sql, type Kysely } from 'kysely';

/**
 * An organisation's people: applicant accounts that are its members, as a signatory (signs for it: accepts a grant's
 * conditions, asks for payouts, invites and removes) or a member (writes drafts, answers the dialogue, sends in the
 * follow-up). An application for an organisation (applicant type organisation or both) belongs to the organisation:
 * every member reaches it, and one who leaves does not. A person's own application (a scholarship) never does.
 *
 * The applications sent in before for an organisation number get the register's organisation (one is made, unverified,
 * where the register has none); the person who first sent one in becomes its signatory and every other person who sent
 * one in a member, so nobody loses an application they reach today. A person's application keeps no organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organisation_members (
      id serial PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations ON DELETE CASCADE,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('signatory', 'member')),
      joined_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organisation_id, frontend_user_id)
    );
    CREATE INDEX organisation_members_person ON organisation_members (frontend_user_id);

    -- An invitation's link is single-use and works for 14 days, for the address it was sent to (its token's hash only).
    CREATE TABLE organisation_invitations (
      id serial PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('signatory', 'member')),
      locale text NOT NULL,
      token_hash bytea NOT NULL UNIQUE,
      invited_by integer REFERENCES frontend_users ON DELETE SET NULL,
      invited_by_staff integer REFERENCES users ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by integer REFERENCES frontend_users ON DELETE SET NULL,
      withdrawn_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organisation_invitations_organisation ON organisation_invitations (organisation_id);

    -- Who did what to the organisation's people. A person erased leaves the entry as by "a former member" (null).
    CREATE TABLE organisation_history (
      id bigserial PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations ON DELETE CASCADE,
      action text NOT NULL,
      by_applicant integer REFERENCES frontend_users ON DELETE SET NULL,
      by_user integer REFERENCES users ON DELETE SET NULL,
      about_applicant integer REFERENCES frontend_users ON DELETE SET NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organisation_history_organisation ON organisation_history (organisation_id, id);
    CREATE INDEX organisation_history_by ON organisation_history (by_applicant) WHERE by_applicant IS NOT NULL;
    CREATE INDEX organisation_history_about ON organisation_history (about_applicant) WHERE about_applicant IS NOT NULL;

    -- A person who asks staff for access to an organisation nobody is left in, with a reason and a file.
    CREATE TABLE organisation_access_requests (
      id serial PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations ON DELETE CASCADE,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      reason text NOT NULL,
      file_name text,
      file_mime text,
      file_size integer,
      file_key text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted', 'refused')),
      decided_by integer REFERENCES users ON DELETE SET NULL,
      decided_at timestamptz,
      decision_reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organisation_access_requests_pending ON organisation_access_requests (created_at) WHERE status = 'pending';
    CREATE UNIQUE INDEX organisation_access_requests_one_pending
      ON organisation_access_requests (organisation_id, frontend_user_id) WHERE status = 'pending';

    -- Who sent an application (and its follow-up) in, and who last changed each field of a draft ({field: {by, at}}).
    ALTER TABLE applications
      ADD COLUMN sent_in_by integer REFERENCES frontend_users ON DELETE SET NULL,
      ADD COLUMN draft_edits jsonb NOT NULL DEFAULT '{}';
    UPDATE applications SET sent_in_by = frontend_user_id WHERE sent_in_at IS NOT NULL;
    ALTER TABLE application_followups ADD COLUMN sent_in_by integer REFERENCES frontend_users ON DELETE SET NULL;
    UPDATE application_followups f SET sent_in_by = a.frontend_user_id
    FROM applications a WHERE a.id = f.application_id AND a.followup_sent_in_at IS NOT NULL;

    -- How a grant's conditions were accepted: signed in by e-ID (the name its broker gave) or by an e-mailed link.
    ALTER TABLE grants
      ADD COLUMN accepted_with text CHECK (accepted_with IN ('eid', 'link')),
      ADD COLUMN eid_name text;
    UPDATE grants SET accepted_with = 'link' WHERE accepted_at IS NOT NULL;
    ALTER TABLE sessions ADD COLUMN eid_name text;

    -- A person's application is no organisation's.
    UPDATE applications SET organisation_id = NULL WHERE applicant_type = 10 AND organisation_id IS NOT NULL;

    INSERT INTO organisations (name, org_number, type)
    SELECT DISTINCT ON (org_number) coalesce(nullif(org_name, ''), org_number), org_number, coalesce(organisation_type, 20)
    FROM applications
    WHERE applicant_type IN (20, 30) AND org_number IS NOT NULL AND sent_in_at IS NOT NULL
    ORDER BY org_number, sent_in_at
    ON CONFLICT (org_number) DO NOTHING;

    UPDATE applications a SET organisation_id = o.id
    FROM organisations o
    WHERE o.org_number = a.org_number AND a.applicant_type IN (20, 30) AND a.sent_in_at IS NOT NULL;

    INSERT INTO organisation_members (organisation_id, frontend_user_id, role, joined_at)
    SELECT organisation_id, frontend_user_id,
           CASE WHEN row_number() OVER (PARTITION BY organisation_id ORDER BY first_sent) = 1 THEN 'signatory' ELSE 'member' END,
           first_sent
    FROM (
      SELECT organisation_id, frontend_user_id, min(sent_in_at) AS first_sent
      FROM applications
      WHERE organisation_id IS NOT NULL AND frontend_user_id IS NOT NULL AND sent_in_at IS NOT NULL
      GROUP BY organisation_id, frontend_user_id
    ) firsts;

    INSERT INTO organisation_history (organisation_id, action, about_applicant, details, created_at)
    SELECT organisation_id, 'member_added', frontend_user_id, jsonb_build_object('role', role, 'how', 'first_applications'), joined_at
    FROM organisation_members;

    -- A member's drafts for the organisation are the organisation's too.
    UPDATE applications a SET organisation_id = o.id
    FROM organisations o, organisation_members m
    WHERE a.status = 10 AND a.applicant_type IN (20, 30) AND o.org_number = a.org_number
      AND m.organisation_id = o.id AND m.frontend_user_id = a.frontend_user_id;

    CREATE INDEX applications_organisation ON applications (organisation_id) WHERE organisation_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_organisation;
    ALTER TABLE sessions DROP COLUMN eid_name;
    ALTER TABLE grants DROP COLUMN accepted_with, DROP COLUMN eid_name;
    ALTER TABLE applications DROP COLUMN sent_in_by, DROP COLUMN draft_edits;
    ALTER TABLE application_followups DROP COLUMN sent_in_by;
    DROP TABLE organisation_access_requests, organisation_history, organisation_invitations, organisation_members;
  `.execute(db);
}
