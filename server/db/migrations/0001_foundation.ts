import { sql, type Kysely } from 'kysely';

/**
 * The foundation's schema: staff and abilities, sessions, mail outbox, and the entities the demo data needs.
 * Money is integer öre (exact sums); times are timestamptz; enumerations are the smallint codes of resources/enums.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Swedish collation for localized sorting (Å, Ä, Ö after Z; case only breaks ties).
    CREATE COLLATION IF NOT EXISTS swedish (provider = icu, locale = 'sv-SE');

    CREATE TABLE roles (name text PRIMARY KEY);
    CREATE TABLE abilities (name text PRIMARY KEY);
    CREATE TABLE role_abilities (
      role text NOT NULL REFERENCES roles ON DELETE CASCADE,
      ability text NOT NULL REFERENCES abilities ON DELETE CASCADE,
      PRIMARY KEY (role, ability)
    );

    CREATE TABLE users (
      id serial PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      password_hash text,
      role text NOT NULL REFERENCES roles,
      active boolean NOT NULL DEFAULT true,
      locale text NOT NULL DEFAULT 'sv-SE',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

    -- Abilities granted to one user, optionally for one entity (entity_type + entity_id).
    CREATE TABLE user_abilities (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      ability text NOT NULL REFERENCES abilities ON DELETE CASCADE,
      entity_type text,
      entity_id integer,
      CHECK ((entity_type IS NULL) = (entity_id IS NULL))
    );
    CREATE INDEX user_abilities_user ON user_abilities (user_id);

    CREATE TABLE frontend_users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      first_name text,
      last_name text,
      phone text,
      locale text NOT NULL DEFAULT 'sv-SE',
      verified_at timestamptz,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX frontend_users_email_unique ON frontend_users (lower(email));

    -- Opaque session tokens, stored only as SHA-256; one owner, staff or applicant.
    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      user_id integer REFERENCES users ON DELETE CASCADE,
      frontend_user_id integer REFERENCES frontend_users ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((user_id IS NULL) <> (frontend_user_id IS NULL))
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE INDEX sessions_frontend_user ON sessions (frontend_user_id);

    CREATE TABLE password_resets (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      token_hash bytea NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Failed sign-in attempts, counted per scope, e-mail and address for rate limiting.
    CREATE TABLE login_attempts (
      id bigserial PRIMARY KEY,
      scope text NOT NULL,
      email text NOT NULL,
      ip text NOT NULL,
      attempted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_lookup ON login_attempts (scope, email, ip, attempted_at);

    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      sent_at timestamptz,
      last_error text
    );
    CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL;

    CREATE TABLE application_types (
      id serial PRIMARY KEY,
      label text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE application_type_field_definitions (
      id serial PRIMARY KEY,
      application_type_id integer NOT NULL REFERENCES application_types ON DELETE CASCADE,
      label text NOT NULL,
      type smallint NOT NULL,
      required boolean NOT NULL DEFAULT false,
      options jsonb NOT NULL DEFAULT '[]',
      "order" integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX field_definitions_type ON application_type_field_definitions (application_type_id, "order");

    CREATE TABLE categories (
      id serial PRIMARY KEY,
      label text NOT NULL,
      type smallint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE periods (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      name text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      closed boolean NOT NULL DEFAULT false,
      uses_money_distribution_cap boolean NOT NULL DEFAULT false,
      uses_status_cloaking boolean NOT NULL DEFAULT false,
      available_money bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_date >= start_date)
    );

    CREATE TABLE period_application_types (
      period_id integer NOT NULL REFERENCES periods ON DELETE CASCADE,
      application_type_id integer NOT NULL REFERENCES application_types ON DELETE RESTRICT,
      PRIMARY KEY (period_id, application_type_id)
    );

    CREATE TABLE contacts (
      id serial PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      title text,
      email text,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE period_contacts (
      period_id integer NOT NULL REFERENCES periods ON DELETE CASCADE,
      contact_id integer NOT NULL REFERENCES contacts ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      PRIMARY KEY (period_id, contact_id)
    );

    CREATE TABLE organisations (
      id serial PRIMARY KEY,
      name text NOT NULL,
      org_number text NOT NULL UNIQUE,
      type smallint NOT NULL,
      address text,
      co text,
      zip text,
      city text,
      country text,
      website text,
      is_verified boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE faqs (
      id serial PRIMARY KEY,
      question text NOT NULL,
      answer text NOT NULL,
      "order" integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE applications (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      reference text UNIQUE,
      status smallint NOT NULL DEFAULT 10,
      frontend_user_id integer NOT NULL REFERENCES frontend_users ON DELETE RESTRICT,
      period_id integer NOT NULL REFERENCES periods ON DELETE RESTRICT,
      application_type_id integer REFERENCES application_types ON DELETE RESTRICT,
      applicant_type smallint,
      organisation_id integer REFERENCES organisations ON DELETE SET NULL,
      money bigint CHECK (money >= 0),
      approved_money bigint CHECK (approved_money >= 0),
      definitions jsonb NOT NULL DEFAULT '{}',
      global_goals smallint[] NOT NULL DEFAULT '{}',
      finished boolean NOT NULL DEFAULT false,
      sent_in_at timestamptz,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX applications_frontend_user ON applications (frontend_user_id);
    CREATE INDEX applications_period ON applications (period_id, status);

    CREATE TABLE application_categories (
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES categories ON DELETE RESTRICT,
      PRIMARY KEY (application_id, category_id)
    );
    CREATE INDEX application_categories_category ON application_categories (category_id);
  `.execute(db);

  await seedRolesAndAbilities(db);
}

/** Roles and abilities are data, not code: admin has every ability, utredare investigates. */
async function seedRolesAndAbilities(db: Kysely<unknown>) {
  const abilities = [
    'manage-users',
    'manage-application-types',
    'manage-categories',
    'manage-frontend-users',
    'manage-periods',
    'manage-organisations',
    'manage-contacts',
    'manage-faq',
    'manage-applications',
    'investigate-applications',
  ];
  await sql`INSERT INTO roles (name) VALUES ('admin'), ('utredare')`.execute(db);
  for (const name of abilities) {
    await sql`INSERT INTO abilities (name) VALUES (${name})`.execute(db);
    await sql`INSERT INTO role_abilities (role, ability) VALUES ('admin', ${name})`.execute(db);
  }
  await sql`INSERT INTO role_abilities (role, ability) VALUES ('utredare', 'investigate-applications')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The foundation migration cannot be undone; restore a backup instead.');
}
