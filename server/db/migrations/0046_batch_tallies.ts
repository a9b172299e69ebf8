import { sql, type Kysely } from 'kysely';

/**
 * Each payment batch keeps the tallies the batches list shows, and the periods of its payouts that decide who may
 * list it: how many payouts, their total, how many paid and returned. Reading them from the payouts for every batch
 * of a page cost ~1 000 payouts a batch, and a treasurer's list (the batches all of whose payouts are of their
 * periods) walked every payout. One trigger per statement on the payouts keeps them, from the rows the statement
 * changed: a batch made, cancelled or paid, an application's correction moving its payouts to another period.
 * Statuses by number: paid 60, returned -20 (resources/enums.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_batches
      ADD COLUMN payouts integer NOT NULL DEFAULT 0,
      ADD COLUMN total bigint NOT NULL DEFAULT 0,
      ADD COLUMN paid integer NOT NULL DEFAULT 0,
      ADD COLUMN returned integer NOT NULL DEFAULT 0,
      ADD COLUMN period_ids integer[] NOT NULL DEFAULT '{}';

    CREATE FUNCTION payment_batch_tallies(batch_ids integer[]) RETURNS void LANGUAGE sql AS $$
      UPDATE payment_batches b
      SET payouts = s.payouts, total = s.total, paid = s.paid, returned = s.returned, period_ids = s.period_ids
      FROM unnest(batch_ids) t (id),
      LATERAL (
        SELECT count(*)::int AS payouts, coalesce(sum(p.amount), 0)::bigint AS total,
               (count(*) FILTER (WHERE p.status = 60))::int AS paid,
               (count(*) FILTER (WHERE p.status = -20))::int AS returned,
               coalesce(array_agg(DISTINCT p.period_id ORDER BY p.period_id), '{}') AS period_ids
        FROM payouts p WHERE p.batch_id = t.id
      ) s
      WHERE b.id = t.id
    $$;

    CREATE FUNCTION payouts_batch_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM payment_batch_tallies(array(SELECT DISTINCT batch_id FROM new_rows WHERE batch_id IS NOT NULL));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM payment_batch_tallies(array(SELECT DISTINCT batch_id FROM old_rows WHERE batch_id IS NOT NULL));
      ELSE
        PERFORM payment_batch_tallies(array(
          SELECT DISTINCT x.batch_id
          FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.batch_id), (n.batch_id)) x (batch_id)
          WHERE x.batch_id IS NOT NULL
            AND (o.batch_id IS DISTINCT FROM n.batch_id OR o.status <> n.status OR o.amount <> n.amount
                 OR o.period_id <> n.period_id)));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER payouts_batch_tallies_insert AFTER INSERT ON payouts REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payouts_batch_tallies();
    CREATE TRIGGER payouts_batch_tallies_update AFTER UPDATE ON payouts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payouts_batch_tallies();
    CREATE TRIGGER payouts_batch_tallies_delete AFTER DELETE ON payouts REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payouts_batch_tallies();

    SELECT payment_batch_tallies(array(SELECT id FROM payment_batches));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER payouts_batch_tallies_delete ON payouts;
    DROP TRIGGER payouts_batch_tallies_update ON payouts;
    DROP TRIGGER payouts_batch_tallies_insert ON payouts;
    DROP FUNCTION payouts_batch_tallies();
    DROP FUNCTION payment_batch_tallies(integer[]);
    ALTER TABLE payment_batches DROP COLUMN period_ids, DROP COLUMN returned, DROP COLUMN paid, DROP COLUMN total,
      DROP COLUMN payouts;
  `.execute(db);
}
