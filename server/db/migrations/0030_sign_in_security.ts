import { sql, type Kysely } from 'kysely';

/**
 * Knowing who signs in.
 * - Staff's second factor: a TOTP secret, sealed under AUTH_SECRET (server/auth/secrets.ts), the one being enrolled
 *   beside it until its first code confirms it, and the last time step accepted (so a code works once); one-time
 *   recovery codes, stored as SHA-256 only.
 * - A sign-in between the password and the second factor (or its enrolment) is a challenge: a token of its own, short
 *   lived, spent after a few wrong codes.
 * - Staff accounts' security events (a second factor enrolled, reset by an administrator, a recovery code spent, the
 *   owner mailed about failed sign-ins) in a history that nobody edits.
 * - Sign-ins through OpenID Connect: each flow's state (as its hash), PKCE verifier and nonce, spent once; the
 *   identities (issuer and subject) linked to an applicant or a staff user; an applicant's personal identity number
 *   only as a keyed hash (HMAC under AUTH_SECRET), to match; an identity whose e-mail is still to be confirmed by an
 *   e-mailed login link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_pending_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint,
      ADD COLUMN failure_alert_at timestamptz,
      -- Kept by the database from the sealed secret, so the users list shows and filters it without reading the secret.
      ADD COLUMN second_factor boolean GENERATED ALWAYS AS (totp_secret IS NOT NULL) STORED;

    CREATE TABLE recovery_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

    CREATE TABLE sign_in_challenges (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify', 'enrol')),
      failures integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sign_in_challenges_user ON sign_in_challenges (user_id);

    CREATE TABLE account_history (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      actor_id integer REFERENCES users ON DELETE SET NULL,
      event text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_history_user ON account_history (user_id, id);
    CREATE FUNCTION account_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- An actor's account deleted sets actor_id to null (ON DELETE SET NULL): the one change allowed.
      IF NEW.id = OLD.id AND NEW.user_id = OLD.user_id AND NEW.event = OLD.event AND NEW.created_at = OLD.created_at
         AND NEW.actor_id IS NULL THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'account_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER account_history_append_only BEFORE UPDATE ON account_history
      FOR EACH ROW EXECUTE FUNCTION account_history_append_only();

    CREATE TABLE oidc_flows (
      id bigserial PRIMARY KEY,
      state_hash bytea NOT NULL UNIQUE,
      audience text NOT NULL CHECK (audience IN ('applicant', 'staff')),
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE oidc_identities (
      id serial PRIMARY KEY,
      issuer text NOT NULL,
      subject text NOT NULL,
      frontend_user_id integer REFERENCES frontend_users ON DELETE CASCADE,
      user_id integer REFERENCES users ON DELETE CASCADE,
      last_sign_in_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (issuer, subject),
      CHECK ((user_id IS NULL) <> (frontend_user_id IS NULL))
    );
    CREATE INDEX oidc_identities_frontend_user ON oidc_identities (frontend_user_id);
    CREATE INDEX oidc_identities_user ON oidc_identities (user_id);

    ALTER TABLE frontend_users ADD COLUMN personal_number_hash bytea;
    CREATE UNIQUE INDEX frontend_users_personal_number ON frontend_users (personal_number_hash) WHERE closed_at IS NULL;

    CREATE TABLE oidc_pending (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      issuer text NOT NULL,
      subject text NOT NULL,
      personal_number_hash bytea,
      first_name text,
      last_name text,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE login_links ADD COLUMN oidc_pending_id bigint REFERENCES oidc_pending ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE login_links DROP COLUMN oidc_pending_id;
    DROP TABLE oidc_pending, oidc_identities, oidc_flows, account_history, sign_in_challenges, recovery_codes;
    DROP FUNCTION account_history_append_only();
    DROP INDEX frontend_users_personal_number;
    ALTER TABLE frontend_users DROP COLUMN personal_number_hash;
    ALTER TABLE users DROP COLUMN second_factor, DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret, DROP COLUMN totp_enabled_at,
      DROP COLUMN totp_last_step, DROP COLUMN failure_alert_at;
  `.execute(db);
}
