import { sql, type Kysely } from 'kysely';

// Exported for 0025, which replaces these texts where staff have not edited them.
export const noticeSv = `Stiftelsen är personuppgiftsansvarig för de uppgifter du lämnar i ansökningsportalen.

Vad vi sparar: ditt namn, din e-postadress och ditt telefonnummer, uppgifter om din organisation, det du skriver i dina ansökningar och i dialogen med oss, filer du laddar upp och din uppföljning efter ett beviljat bidrag.

Varför: för att kunna ta emot, utreda och besluta om din ansökan, betala ut beviljade medel, följa upp hur de har använts och föra statistik över stiftelsens verksamhet. Beviljade ansökningar är också underlag för stiftelsens bokföring.

Hur länge: utkast som aldrig skickas in raderas %{draft_months} månader efter att ansökningsperioden stängt. Avslagna ansökningar anonymiseras %{rejected_months} månader efter att perioden stängt. Beviljade ansökningar anonymiseras %{approved_years} år efter uppföljningen, som bokföringslagen kräver. Anonymiseringen tar bort alla personuppgifter, fritextsvar, meddelanden och filer; kvar blir bara siffror för statistiken (belopp, kategorier, period, beslut och kommun).

Dina rättigheter: du kan när som helst ladda ner allt vi har om dig och radera ditt konto under Mina uppgifter. Du har också rätt att få felaktiga uppgifter rättade, att invända mot behandlingen och att klaga hos Integritetsskyddsmyndigheten (IMY). Kontakta stiftelsen om du har frågor.`;

export const noticeEn = `The foundation is the controller of the personal data you give in the application portal.

What we keep: your name, e-mail address and phone number, details of your organisation, what you write in your applications and in the dialogue with us, files you upload, and your follow-up report after a grant.

Why: to receive, investigate and decide on your application, pay out granted funds, follow up how they were used and keep statistics of the foundation's work. Approved applications are also records for the foundation's bookkeeping.

How long: drafts never sent in are deleted %{draft_months} months after their application period closed. Rejected applications are anonymised %{rejected_months} months after their period closed. Approved applications are anonymised %{approved_years} years after the follow-up, as the Swedish Bookkeeping Act requires. Anonymising removes every personal detail, free-text answer, message and file; only figures for the statistics remain (amounts, categories, period, decision and municipality).

Your rights: you can download everything we hold about you and delete your account at any time under My data. You also have the right to have wrong details corrected, to object to the processing and to complain to the Swedish Authority for Privacy Protection (IMY). Contact the foundation if you have questions.`;

/**
 * Data protection (GDPR), after the retention rules of 0015:
 * - An applicant who deletes their account while applications they sent in are kept has it closed: no sign-in, no
 *   mails, its address free for a new account; the row goes once the last of those applications is anonymised.
 * - An anonymised application names no applicant.
 * - Staff may postpone the rules for a period, with a reason; each run of the rules is recorded.
 * - The privacy notice, one text per language, with the rules' figures as placeholders.
 * - A large download of an applicant's data is built by a job and kept for a while.
 * - Mails name the application they are about, so anonymising it removes them too.
 * - The history stays append-only, but for anonymising: in a transaction that says so, an entry's values may be
 *   blanked, and nothing else of it changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE frontend_users ADD COLUMN closed_at timestamptz;
    DROP INDEX frontend_users_email_unique;
    CREATE UNIQUE INDEX frontend_users_email_unique ON frontend_users (lower(email)) WHERE closed_at IS NULL;

    ALTER TABLE applications ALTER COLUMN frontend_user_id DROP NOT NULL;

    CREATE TABLE retention_postponements (
      period_id integer PRIMARY KEY REFERENCES periods ON DELETE CASCADE,
      until date NOT NULL,
      reason text NOT NULL,
      user_id integer REFERENCES users ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE retention_runs (
      id serial PRIMARY KEY,
      ran_at timestamptz NOT NULL,
      -- Who ran it by hand; null for the daily job.
      user_id integer REFERENCES users ON DELETE SET NULL,
      drafts integer NOT NULL,
      rejected integer NOT NULL,
      approved integer NOT NULL,
      accounts integer NOT NULL,
      -- Per period: what was done, or why nothing was (postponed until, with the reason).
      periods jsonb NOT NULL
    );
    CREATE INDEX retention_runs_ran_at ON retention_runs (ran_at DESC);

    CREATE TABLE privacy_notices (
      locale text PRIMARY KEY,
      body text NOT NULL,
      updated_by integer REFERENCES users ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE data_exports (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      requested_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      size bigint,
      expires_at timestamptz
    );
    CREATE INDEX data_exports_applicant ON data_exports (frontend_user_id);

    ALTER TABLE outbox ADD COLUMN application_id integer REFERENCES applications ON DELETE SET NULL;
    CREATE INDEX outbox_application ON outbox (application_id) WHERE application_id IS NOT NULL;
    CREATE INDEX outbox_recipient ON outbox (lower(recipient));

    CREATE OR REPLACE FUNCTION application_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('app.anonymising', true) = 'on'
         AND NEW.id = OLD.id AND NEW.application_id = OLD.application_id AND NEW.action = OLD.action
         AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id AND NEW.created_at = OLD.created_at THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'application_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
  `.execute(db);
  await sql`INSERT INTO privacy_notices (locale, body) VALUES ('sv-SE', ${noticeSv}), ('en-US', ${noticeEn})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION application_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'application_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    DROP INDEX outbox_recipient;
    ALTER TABLE outbox DROP COLUMN application_id;
    DROP TABLE data_exports, privacy_notices, retention_runs, retention_postponements;
    ALTER TABLE applications ALTER COLUMN frontend_user_id SET NOT NULL;
    DROP INDEX frontend_users_email_unique;
    CREATE UNIQUE INDEX frontend_users_email_unique ON frontend_users (lower(email));
    ALTER TABLE frontend_users DROP COLUMN closed_at;
  `.execute(db);
}
