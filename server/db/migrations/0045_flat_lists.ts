import { sql, type Kysely } from 'kysely';

/**
 * A payout's period beside it, so that the payouts list of one period (or of the periods a user's abilities reach)
 * walks an index of its own in each sort instead of reading every payout of the period's applications: the period is
 * the application's, set when the payout is made and moved with the application (a correction may move it). The
 * references by their beginning, whatever the database's collation, for a search of a reference's year and number
 * (server/lists/search.ts, referenceContains). One status's payouts by amount, and the log of exports newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payouts ADD COLUMN period_id integer REFERENCES periods (id);
    UPDATE payouts p SET period_id = a.period_id FROM applications a WHERE a.id = p.application_id;
    ALTER TABLE payouts ALTER COLUMN period_id SET NOT NULL;

    CREATE FUNCTION payouts_period() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT period_id INTO NEW.period_id FROM applications WHERE id = NEW.application_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER payouts_period BEFORE INSERT OR UPDATE OF application_id, period_id ON payouts
      FOR EACH ROW EXECUTE FUNCTION payouts_period();

    CREATE FUNCTION applications_payouts_period() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE payouts SET period_id = NEW.period_id WHERE application_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER applications_payouts_period AFTER UPDATE OF period_id ON applications
      FOR EACH ROW WHEN (OLD.period_id IS DISTINCT FROM NEW.period_id) EXECUTE FUNCTION applications_payouts_period();

    CREATE INDEX payouts_period_requested ON payouts (period_id, requested_at DESC, id DESC);
    CREATE INDEX payouts_period_status_requested ON payouts (period_id, status, requested_at DESC, id DESC);
    CREATE INDEX payouts_period_amount ON payouts (period_id, amount, id);
    CREATE INDEX applications_reference_start ON applications (reference text_pattern_ops);
    -- One status by amount, and its count without the payouts withheld from the reader (their applications).
    CREATE INDEX payouts_status_amount ON payouts (status, amount, id) INCLUDE (application_id);
    CREATE INDEX bookkeeping_exports_newest ON bookkeeping_exports (exported_at DESC, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX bookkeeping_exports_newest, payouts_status_amount, applications_reference_start;
    DROP TRIGGER applications_payouts_period ON applications;
    DROP FUNCTION applications_payouts_period();
    DROP TRIGGER payouts_period ON payouts;
    DROP FUNCTION payouts_period();
    ALTER TABLE payouts DROP COLUMN period_id;
  `.execute(db);
}
