import { sql, type Kysely } from 'kysely';

/**
 * The grants' books as a journal (server/bookkeeping/journal.ts), written once and never rewritten:
 * - `journal_vouchers`: one row per voucher, booked when its event happens (a decision or its change, a payout paid or
 *   returned, a repayment received, instalments lapsed or revived), numbered once in its series and financial year,
 *   with the accounts it debits and credits as they were then, when and by whom it was booked. A change is a new
 *   voucher; a correction reverses an earlier one (`reverses_id`, once). Rows are neither updated nor deleted (a
 *   trigger refuses it), except that the numbers of vouchers never exported are redrawn when the foundation sets its
 *   financial year's first month before its first export.
 * - `journal_series`: the last number drawn per series and financial year; drawing holds its row, so numbers have no
 *   gaps and no two vouchers share one.
 * - `bookkeeping_exports`: what was exported when and by whom, so that an export overlapping an earlier one is seen.
 * - `payment_settings.financial_year_first_month`: the month the financial year starts (1 = January).
 * The books so far are journaled as the SIE file read them: a voucher per event on its day, numbered by day per
 * calendar year, booked by no one (this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_settings
      ADD COLUMN financial_year_first_month smallint NOT NULL DEFAULT 1 CHECK (financial_year_first_month BETWEEN 1 AND 12);

    CREATE TABLE journal_vouchers (
      id serial PRIMARY KEY,
      series text NOT NULL CHECK (series ~ '^[A-Z]$'),
      financial_year date NOT NULL,
      number integer NOT NULL CHECK (number > 0),
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('decision', 'payout_paid', 'payout_returned', 'repayment_received', 'instalment_lapsed')),
      -- The application booked for, and its reference then; no key, since the books outlive a deleted application.
      application_id integer NOT NULL,
      reference text NOT NULL,
      -- The payout or repayment the voucher books, for the events that have one.
      source_id integer,
      amount bigint NOT NULL CHECK (amount > 0),
      debit_account integer NOT NULL,
      credit_account integer NOT NULL,
      reverses_id integer UNIQUE REFERENCES journal_vouchers ON DELETE RESTRICT,
      booked_at timestamptz NOT NULL DEFAULT now(),
      booked_by integer REFERENCES users ON DELETE RESTRICT,
      CONSTRAINT journal_vouchers_number UNIQUE (series, financial_year, number) DEFERRABLE,
      CONSTRAINT journal_vouchers_in_year CHECK (day >= financial_year AND day < financial_year + interval '1 year')
    );
    CREATE INDEX journal_vouchers_day ON journal_vouchers (day);
    CREATE INDEX journal_vouchers_application ON journal_vouchers (application_id, kind);
    -- A payout is paid once and returned once, a repayment received once, unless a correction reversed it.
    CREATE UNIQUE INDEX journal_vouchers_event_once ON journal_vouchers (kind, source_id)
      WHERE source_id IS NOT NULL AND reverses_id IS NULL;

    CREATE TABLE journal_series (
      series text NOT NULL,
      financial_year date NOT NULL,
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (series, financial_year)
    );

    CREATE TABLE bookkeeping_exports (
      id serial PRIMARY KEY,
      from_day date NOT NULL,
      to_day date NOT NULL CHECK (to_day >= from_day),
      vouchers integer NOT NULL CHECK (vouchers >= 0),
      exported_by integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      exported_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bookkeeping_exports_range ON bookkeeping_exports (to_day, from_day);

    CREATE FUNCTION journal_vouchers_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('journal.renumbering', true) = 'on'
         AND (to_jsonb(NEW) - 'financial_year' - 'number') = (to_jsonb(OLD) - 'financial_year' - 'number') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'journal vouchers are written once: correct one with a voucher that reverses it'
        USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER journal_vouchers_unchanged BEFORE UPDATE OR DELETE ON journal_vouchers
      FOR EACH ROW EXECUTE FUNCTION journal_vouchers_unchanged();
    CREATE TRIGGER journal_vouchers_not_emptied BEFORE TRUNCATE ON journal_vouchers
      FOR EACH STATEMENT EXECUTE FUNCTION journal_vouchers_unchanged();
  `.execute(db);

  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE 'Europe/Stockholm')::date`);
  await sql`
    WITH accounts AS (
      SELECT account_grants::int AS grants, account_payable::int AS payable, account_bank::int AS bank,
             account_returned::int AS returned
        FROM payment_settings
      UNION ALL SELECT 6990, 2890, 1930, 3990 WHERE NOT EXISTS (SELECT 1 FROM payment_settings)
    ), booked AS (
      SELECT 'decision' AS kind, ${day('a.decided_at')} AS day, a.id AS application_id, a.reference, NULL::int AS source_id,
             a.approved_money AS amount, ac.grants AS debit, ac.payable AS credit, 1 AS ord
        FROM applications a, accounts ac
       WHERE a.status = 40 AND a.approved_money > 0 AND a.decided_at IS NOT NULL
      UNION ALL
      SELECT 'payout_paid', p.paid_on, a.id, a.reference, p.id, p.amount, ac.payable, ac.bank, 2
        FROM payouts p JOIN applications a ON a.id = p.application_id, accounts ac
       WHERE p.paid_on IS NOT NULL
      UNION ALL
      SELECT 'payout_returned', ${day('p.returned_at')}, a.id, a.reference, p.id, p.amount, ac.bank, ac.payable, 3
        FROM payouts p JOIN applications a ON a.id = p.application_id, accounts ac
       WHERE p.status = -20 AND p.paid_on IS NOT NULL AND p.returned_at IS NOT NULL
      UNION ALL
      SELECT 'repayment_received', r.received_on, a.id, a.reference, r.id, r.amount, ac.bank, ac.returned, 4
        FROM repayments r JOIN applications a ON a.id = r.application_id, accounts ac
       WHERE r.received_on IS NOT NULL
      UNION ALL
      SELECT 'instalment_lapsed', ${day('i.lapsed_at')}, a.id, a.reference, NULL, i.amount, ac.payable, ac.returned, 5
        FROM payout_instalments i JOIN applications a ON a.id = i.application_id, accounts ac
       WHERE i.lapsed_at IS NOT NULL AND i.amount > 0
    ), numbered AS (
      SELECT *, make_date(extract(year FROM day)::int, 1, 1) AS financial_year,
             row_number() OVER (PARTITION BY extract(year FROM day) ORDER BY day, ord, application_id, source_id) AS number
        FROM booked
    )
    INSERT INTO journal_vouchers
      (series, financial_year, number, day, kind, application_id, reference, source_id, amount, debit_account, credit_account)
    SELECT 'B', financial_year, number, day, kind, application_id, coalesce(reference, ''), source_id, amount, debit, credit
      FROM numbered
  `.execute(db);
  await sql`
    INSERT INTO journal_series (series, financial_year, last_number)
    SELECT series, financial_year, max(number) FROM journal_vouchers GROUP BY series, financial_year
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE bookkeeping_exports;
    DROP TABLE journal_series;
    DROP TABLE journal_vouchers;
    DROP FUNCTION journal_vouchers_unchanged();
    ALTER TABLE payment_settings DROP COLUMN financial_year_first_month;
  `.execute(db);
}
