import { sql, type Kysely } from 'kysely';

/**
 * Signals of duplicates and fraud (server/signals/): what matched between applications, for staff to check, never a
 * verdict. One row per application, kind and matched application (`other_application_id`, null where a signal names
 * none), so raising one again changes nothing; a checked signal keeps who checked it, when and why, and is never
 * deleted (an application's deletion takes its signals with it). `applications.unchecked_signals` counts the unchecked
 * ones, kept by a trigger in the transaction that writes them, so the list's filter reads the application's row alone
 * and walks a partial index of those with some.
 *
 * What the signals are computed from, and no more: the long free-text answers of an application sent in
 * (`application_descriptions`, trigram-indexed, removed when it is anonymised), each personal number's hash an account
 * has had (`personal_number_accounts`, recorded by a trigger when an e-ID gives it to an account), and each
 * registration's client address as an HMAC with its day in Stockholm (`account_registrations`; the address's hash is
 * forgotten once its day is over, and the row goes with the account). The staff settings: the similarity above which
 * two descriptions are a signal, and how many accounts from one address in a day are too many.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_signals (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('organisation_accounts', 'payout_account', 'personal_number', 'similar_description',
                                         'registrations_from_address')),
      other_application_id integer REFERENCES applications ON DELETE CASCADE,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      checked_at timestamptz,
      checked_by integer REFERENCES users ON DELETE SET NULL,
      check_reason text CHECK (length(check_reason) BETWEEN 1 AND 2000),
      CHECK ((checked_at IS NULL) = (check_reason IS NULL)),
      CHECK (other_application_id IS DISTINCT FROM application_id),
      UNIQUE NULLS NOT DISTINCT (application_id, kind, other_application_id)
    );
    CREATE INDEX application_signals_other ON application_signals (other_application_id) WHERE other_application_id IS NOT NULL;

    ALTER TABLE applications ADD COLUMN unchecked_signals integer NOT NULL DEFAULT 0 CHECK (unchecked_signals >= 0);
    -- The filter of unchecked signals walks these, in the list's default order and by sent-in date, behind the status
    -- as every sort index (migration 0023); only the few applications with a signal are in them.
    CREATE INDEX applications_signals_reference ON applications (status, reference, id) INCLUDE (period_id)
      WHERE unchecked_signals > 0;
    CREATE INDEX applications_signals_sent_in_at ON applications (status, sent_in_at NULLS FIRST, id) INCLUDE (period_id)
      WHERE unchecked_signals > 0;
    -- The applications an account sent in, as the signals of an account (its e-ID, its registration) look them up.
    CREATE INDEX applications_sent_in_by ON applications (sent_in_by) WHERE sent_in_by IS NOT NULL;
    -- One organisation number's applications in a period, as a send-in looks for those of other accounts.
    CREATE INDEX applications_org_number_period ON applications (org_number, period_id) WHERE org_number IS NOT NULL;
    -- The payouts to one account, as a payout request looks for those of other organisations.
    CREATE INDEX payouts_account ON payouts (account_number, account_type, clearing_number);

    CREATE FUNCTION application_signals_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.checked_at IS NULL THEN
        UPDATE applications SET unchecked_signals = unchecked_signals - 1 WHERE id = OLD.application_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.checked_at IS NULL THEN
        UPDATE applications SET unchecked_signals = unchecked_signals + 1 WHERE id = NEW.application_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER application_signals_count AFTER INSERT OR DELETE OR UPDATE OF checked_at, application_id
      ON application_signals FOR EACH ROW EXECUTE FUNCTION application_signals_count();

    CREATE TABLE application_descriptions (
      application_id integer PRIMARY KEY REFERENCES applications ON DELETE CASCADE,
      description text NOT NULL,
      -- Null until compared with the period's other descriptions (the signal-descriptions job).
      compared_at timestamptz
    );
    CREATE INDEX application_descriptions_trgm ON application_descriptions USING gin (description gin_trgm_ops);
    CREATE INDEX application_descriptions_waiting ON application_descriptions (application_id) WHERE compared_at IS NULL;

    CREATE TABLE personal_number_accounts (
      personal_number_hash bytea NOT NULL,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE CASCADE,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (personal_number_hash, frontend_user_id)
    );
    CREATE INDEX personal_number_accounts_account ON personal_number_accounts (frontend_user_id);

    -- The signals between the applications of an account and those of every other account that has had one of its
    -- personal numbers' hashes: both ways, once (the send-in of an application calls it too, server/signals/).
    CREATE FUNCTION personal_number_signals(account integer) RETURNS void LANGUAGE sql AS $$
      WITH others AS (
        SELECT DISTINCT o.frontend_user_id AS id
        FROM personal_number_accounts mine
        JOIN personal_number_accounts o ON o.personal_number_hash = mine.personal_number_hash AND o.frontend_user_id <> account
        WHERE mine.frontend_user_id = account
      ), own AS (
        SELECT a.id FROM applications a
        WHERE (a.sent_in_by = account OR a.frontend_user_id = account) AND a.sent_in_at IS NOT NULL
      ), theirs AS (
        SELECT DISTINCT a.id FROM applications a JOIN others o ON a.sent_in_by = o.id OR a.frontend_user_id = o.id
        WHERE a.sent_in_at IS NOT NULL
      ), pairs AS (
        SELECT own.id AS one, theirs.id AS other FROM own, theirs WHERE own.id <> theirs.id
      )
      INSERT INTO application_signals (application_id, kind, other_application_id)
      SELECT one, 'personal_number', other FROM pairs UNION SELECT other, 'personal_number', one FROM pairs
      ON CONFLICT DO NOTHING;
    $$;

    -- Every personal number's hash an account is given (an e-ID linked, a number adopted), whatever code gives it, in
    -- the transaction that gives it; and the signals it raises.
    CREATE FUNCTION frontend_users_personal_number_seen() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO personal_number_accounts (personal_number_hash, frontend_user_id)
      VALUES (NEW.personal_number_hash, NEW.id) ON CONFLICT DO NOTHING;
      PERFORM personal_number_signals(NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER frontend_users_personal_number_seen AFTER INSERT OR UPDATE OF personal_number_hash ON frontend_users
      FOR EACH ROW WHEN (NEW.personal_number_hash IS NOT NULL) EXECUTE FUNCTION frontend_users_personal_number_seen();
    INSERT INTO personal_number_accounts (personal_number_hash, frontend_user_id)
    SELECT personal_number_hash, id FROM frontend_users WHERE personal_number_hash IS NOT NULL;

    CREATE TABLE account_registrations (
      frontend_user_id integer PRIMARY KEY REFERENCES frontend_users ON DELETE CASCADE,
      -- HMAC-SHA-256 of the client address under AUTH_SECRET; null once its day is over.
      address_hash bytea,
      registered_on date NOT NULL,
      -- Set on every registration of a day's address once more than the setting's number registered from it: the
      -- first of them, which names the group, and how many they were.
      crowd_id integer,
      crowd_size integer
    );
    CREATE INDEX account_registrations_address ON account_registrations (address_hash, registered_on) WHERE address_hash IS NOT NULL;
    CREATE INDEX account_registrations_crowd ON account_registrations (crowd_id) WHERE crowd_id IS NOT NULL;

    CREATE TABLE signal_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      similarity_percent integer NOT NULL DEFAULT 80 CHECK (similarity_percent BETWEEN 30 AND 100),
      registrations_per_day integer NOT NULL DEFAULT 3 CHECK (registrations_per_day BETWEEN 1 AND 1000),
      updated_by integer REFERENCES users ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO signal_settings DEFAULT VALUES;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE signal_settings, account_registrations, application_descriptions, application_signals;
    DROP TRIGGER frontend_users_personal_number_seen ON frontend_users;
    DROP FUNCTION frontend_users_personal_number_seen(), personal_number_signals(integer);
    DROP TABLE personal_number_accounts;
    DROP FUNCTION application_signals_count();
    DROP INDEX applications_sent_in_by, applications_org_number_period, payouts_account;
    ALTER TABLE applications DROP COLUMN unchecked_signals;
  `.execute(db);
}
