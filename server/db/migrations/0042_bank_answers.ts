import { sql, type Kysely } from 'kysely';

/**
 * Paid and returned by the bank's word (server/payouts/bankAnswers/):
 * - `bank_answers`: every file the bank answered with, imported once per kind and message id (a payment status report
 *   pain.002.001.03 or a debit notification camt.054.001.02), with its bytes, who imported it and what it did to each
 *   payout; written once.
 * - `payouts.bank_reference`: the bank's own reference of the payment (camt.054's AcctSvcrRef), or the one typed with
 *   a return marked by hand.
 * - `payouts.return_asked_*`: a return marked by hand is asked by one person with the bank's reference and carried
 *   out by another (`return_asked_by` never approves it).
 * - `payment_batches.bank_status`: the bank's last word on the whole file (ACCP, ACTC, PART, RJCT …) and when.
 * - `repayments.cancelled_*`: a repayment asked of an applicant whose payout the bank then returned is taken back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bank_answers (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('pain.002', 'camt.054')),
      message_id text NOT NULL,
      file_xml text NOT NULL,
      outcomes jsonb NOT NULL,
      imported_by integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      imported_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, message_id)
    );
    CREATE FUNCTION bank_answers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the bank''s answers are written once' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER bank_answers_append_only BEFORE UPDATE OR DELETE ON bank_answers
      FOR EACH ROW EXECUTE FUNCTION bank_answers_append_only();

    ALTER TABLE payouts
      ADD COLUMN bank_reference text,
      ADD COLUMN return_asked_by integer REFERENCES users ON DELETE RESTRICT,
      ADD COLUMN return_asked_at timestamptz,
      ADD COLUMN return_asked_reason text,
      ADD COLUMN return_asked_bank_reference text,
      ADD CONSTRAINT payouts_return_asked CHECK (
        (return_asked_by IS NULL) = (return_asked_at IS NULL)
        AND (return_asked_by IS NULL) = (return_asked_reason IS NULL)
        AND (return_asked_by IS NULL) = (return_asked_bank_reference IS NULL)
      );

    ALTER TABLE payment_batches
      ADD COLUMN bank_status text,
      ADD COLUMN bank_status_at timestamptz,
      ADD CONSTRAINT payment_batches_bank_status CHECK ((bank_status IS NULL) = (bank_status_at IS NULL));

    ALTER TABLE repayments
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancel_reason text,
      ADD CONSTRAINT repayments_cancelled CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
      ADD CONSTRAINT repayments_received_or_cancelled CHECK (received_on IS NULL OR cancelled_at IS NULL);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE repayments DROP CONSTRAINT repayments_received_or_cancelled, DROP CONSTRAINT repayments_cancelled,
      DROP COLUMN cancel_reason, DROP COLUMN cancelled_at;
    ALTER TABLE payment_batches DROP CONSTRAINT payment_batches_bank_status, DROP COLUMN bank_status_at, DROP COLUMN bank_status;
    ALTER TABLE payouts DROP CONSTRAINT payouts_return_asked, DROP COLUMN return_asked_bank_reference,
      DROP COLUMN return_asked_reason, DROP COLUMN return_asked_at, DROP COLUMN return_asked_by, DROP COLUMN bank_reference;
    DROP TABLE bank_answers;
    DROP FUNCTION bank_answers_append_only();
  `.execute(db);
}
