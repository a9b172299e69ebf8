import { sql, type Kysely } from 'kysely';

/**
 * Paying the grants (server/payouts/):
 * - A period states how many months after the decision reached the applicant money may be asked for, and the grant's
 *   conditions in each language, which the applicant accepts.
 * - A grant is an approved application's payout record: who accepted its conditions for the organisation, when and
 *   from which address, with the text accepted; its deadline as staff extended it, and when it was reminded. Its
 *   instalments are the payout plan, parts of the approved amount, each due at acceptance or after the follow-up
 *   report; an instalment not asked for by the deadline lapses.
 * - A payout is the applicant's request for one instalment to one account (its kind always recorded: a bankgiro and a
 *   plusgiro number can be the same digits), prepared by one staff user and approved by another (the database refuses
 *   one person doing both), gathered into one payment batch, sent to the bank and paid or returned. One instalment has
 *   at most one payout that is not rejected or returned.
 * - A repayment is money the applicant is to pay back, registered by staff and marked received.
 * - payment_settings, one row: the foundation as the payment file's debtor and the accounts of its bookkeeping.
 * Every approved application gets its grant, with the whole amount as one instalment at acceptance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE periods
      ADD COLUMN payout_months smallint NOT NULL DEFAULT 12 CHECK (payout_months BETWEEN 1 AND 60),
      ADD COLUMN grant_conditions_sv text CHECK (length(grant_conditions_sv) <= 20000),
      ADD COLUMN grant_conditions_en text CHECK (length(grant_conditions_en) <= 20000);

    CREATE TABLE grants (
      application_id integer PRIMARY KEY REFERENCES applications ON DELETE CASCADE,
      accepted_at timestamptz,
      accepted_by integer REFERENCES frontend_users ON DELETE SET NULL,
      accepted_from text,
      signatory_name text CHECK (length(signatory_name) <= 200),
      signatory_role text CHECK (length(signatory_role) <= 200),
      accepted_conditions text,
      deadline_extended_to date,
      deadline_reason text CHECK (length(deadline_reason) <= 2000),
      reminded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- The reminder's and the lapse's search: grants whose money is still to be asked for.
    CREATE INDEX grants_unreminded ON grants (application_id) WHERE reminded_at IS NULL;

    CREATE TABLE payout_instalments (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES grants ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position > 0),
      amount bigint NOT NULL CHECK (amount > 0),
      -- enums.payout_due: at acceptance (10), after the follow-up report (20).
      due smallint NOT NULL,
      lapsed_at timestamptz,
      UNIQUE (application_id, position) DEFERRABLE INITIALLY DEFERRED
    );
    -- The statistics' and the bookkeeping's lapsed sums read the few lapsed instalments only.
    CREATE INDEX payout_instalments_lapsed ON payout_instalments (application_id) WHERE lapsed_at IS NOT NULL;

    CREATE TABLE payment_batches (
      id serial PRIMARY KEY,
      -- The payment file's MsgId: unique, so that the bank refuses the same file twice.
      message_id text NOT NULL UNIQUE,
      execution_date date NOT NULL,
      created_by integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      sent_by integer REFERENCES users ON DELETE RESTRICT
    );

    CREATE TABLE payouts (
      id serial PRIMARY KEY,
      instalment_id integer NOT NULL REFERENCES payout_instalments ON DELETE CASCADE,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      amount bigint NOT NULL CHECK (amount > 0),
      account_type text NOT NULL CHECK (account_type IN ('bankgiro', 'plusgiro', 'bank')),
      clearing_number text CHECK ((account_type = 'bank') = (clearing_number IS NOT NULL) OR account_number = ''),
      account_number text NOT NULL,
      -- enums.payout_status
      status smallint NOT NULL DEFAULT 10,
      requested_at timestamptz NOT NULL DEFAULT now(),
      requested_by integer REFERENCES frontend_users ON DELETE SET NULL,
      prepared_by integer REFERENCES users ON DELETE RESTRICT,
      prepared_at timestamptz,
      approved_by integer REFERENCES users ON DELETE RESTRICT,
      approved_at timestamptz,
      rejected_by integer REFERENCES users ON DELETE RESTRICT,
      rejected_at timestamptz,
      reject_reason text CHECK (length(reject_reason) <= 2000),
      batch_id integer REFERENCES payment_batches ON DELETE RESTRICT,
      paid_on date,
      returned_at timestamptz,
      return_reason text CHECK (length(return_reason) <= 2000),
      -- Attested by two: the one who approves is never the one who prepared.
      CONSTRAINT payouts_attested_by_two CHECK (approved_by IS NULL OR (prepared_by IS NOT NULL AND approved_by <> prepared_by)),
      CHECK (batch_id IS NULL OR approved_by IS NOT NULL),
      CHECK (paid_on IS NULL OR batch_id IS NOT NULL)
    );
    -- One live payout per instalment: a second request for it, or a second approval's payment, cannot exist.
    CREATE UNIQUE INDEX payouts_one_live ON payouts (instalment_id) WHERE status NOT IN (-10, -20);
    CREATE INDEX payouts_application ON payouts (application_id);
    CREATE INDEX payouts_batch ON payouts (batch_id) WHERE batch_id IS NOT NULL;
    CREATE INDEX payouts_requested ON payouts (requested_at DESC, id DESC);
    CREATE INDEX payouts_status_requested ON payouts (status, requested_at DESC, id DESC);
    -- The payouts list sorted by amount (server/payouts/payoutList.ts), walked for a page as the other sorts are.
    CREATE INDEX payouts_amount ON payouts (amount, id);
    CREATE INDEX payouts_prepared_by ON payouts (prepared_by) WHERE prepared_by IS NOT NULL;
    CREATE INDEX payouts_approved_by ON payouts (approved_by) WHERE approved_by IS NOT NULL;
    -- A receipt the applicant attached to the request: a file of the application, no part of its form.
    ALTER TABLE application_files ADD COLUMN payout_id integer REFERENCES payouts ON DELETE CASCADE;
    CREATE INDEX application_files_payout ON application_files (payout_id) WHERE payout_id IS NOT NULL;
    CREATE INDEX payouts_rejected_by ON payouts (rejected_by) WHERE rejected_by IS NOT NULL;
    CREATE INDEX payment_batches_created_by ON payment_batches (created_by);
    CREATE INDEX payment_batches_sent_by ON payment_batches (sent_by) WHERE sent_by IS NOT NULL;

    CREATE TABLE repayments (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      amount bigint NOT NULL CHECK (amount > 0),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
      registered_by integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      registered_at timestamptz NOT NULL DEFAULT now(),
      received_on date,
      received_by integer REFERENCES users ON DELETE RESTRICT
    );
    CREATE INDEX repayments_application ON repayments (application_id);
    CREATE INDEX repayments_registered_by ON repayments (registered_by);
    CREATE INDEX repayments_received_by ON repayments (received_by) WHERE received_by IS NOT NULL;

    CREATE TABLE payment_settings (
      -- One row only: the key can be nothing but true.
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      name text NOT NULL DEFAULT '' CHECK (length(name) <= 70),
      org_number text NOT NULL DEFAULT '',
      -- The account the payments leave from: a bankgiro, or an IBAN with its BIC.
      bankgiro text,
      iban text,
      bic text,
      CHECK (bankgiro IS NULL OR (iban IS NULL AND bic IS NULL)),
      CHECK ((iban IS NULL) = (bic IS NULL)),
      -- The bookkeeping's accounts (BAS): the grants' cost, what is granted and not yet paid, the bank, what comes back.
      account_grants text NOT NULL DEFAULT '6990' CHECK (account_grants ~ '^[0-9]{4}$'),
      account_payable text NOT NULL DEFAULT '2890' CHECK (account_payable ~ '^[0-9]{4}$'),
      account_bank text NOT NULL DEFAULT '1930' CHECK (account_bank ~ '^[0-9]{4}$'),
      account_returned text NOT NULL DEFAULT '3990' CHECK (account_returned ~ '^[0-9]{4}$'),
      updated_by integer REFERENCES users ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO payment_settings DEFAULT VALUES;

    INSERT INTO abilities (name) VALUES ('manage-payouts'), ('approve-payouts');
    INSERT INTO role_abilities (role, ability) VALUES ('admin', 'manage-payouts'), ('admin', 'approve-payouts');

    INSERT INTO grants (application_id) SELECT id FROM applications WHERE status = 40 AND approved_money > 0;
    INSERT INTO payout_instalments (application_id, position, amount, due)
      SELECT id, 1, approved_money, 10 FROM applications WHERE status = 40 AND approved_money > 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE application_files DROP COLUMN payout_id;
    DROP TABLE repayments, payouts, payment_batches, payout_instalments, grants, payment_settings;
    DELETE FROM abilities WHERE name IN ('manage-payouts', 'approve-payouts');
    ALTER TABLE periods DROP COLUMN payout_months, DROP COLUMN grant_conditions_sv, DROP COLUMN grant_conditions_en;
  `.execute(db);
}
