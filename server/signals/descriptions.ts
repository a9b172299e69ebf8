import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import type { Jobs } from '../jobs/queue.js';
import { raiseSignals } from './raise.js';
import { signalSettingsOf } from './settings.js';

/**
 * An application's description: its answers to the type's long free-text questions (textarea), in the form's order,
 * one after the other. Shorter than this, two descriptions are alike too easily to tell anything ("Se bilaga").
 */
export const DESCRIPTION_MIN_LENGTH = 40;

/** How many waiting descriptions one run of the job compares, each in a transaction of its own. */
const COMPARED_PER_RUN = 500;

/**
 * Keeps the description of an application being sent in, to be compared with its period's others by the
 * `signal-descriptions` job (queued with `queueComparison`, or its hourly run); in the send-in's transaction. None
 * when it has no long free text of any length.
 */
export async function keepDescription(trx: Db, applicationId: number): Promise<void> {
  // Made, measured and kept in one statement: at a deadline each round trip of a send-in is a wait.
  await sql`
    INSERT INTO application_descriptions (application_id, description)
    SELECT ${applicationId}::int, description FROM (
      SELECT regexp_replace(string_agg(btrim(a.definitions ->> f.id::text), E'\n' ORDER BY f."order", f.id), '^[[:space:]]+|[[:space:]]+$', '', 'g') AS description
      FROM applications a
      JOIN application_type_field_definitions f ON f.application_type_id = a.application_type_id AND f.type = ${enums.field_type.textarea}
      WHERE a.id = ${applicationId} AND jsonb_typeof(a.definitions -> f.id::text) = 'string'
    ) made
    WHERE char_length(description) >= ${DESCRIPTION_MIN_LENGTH}
    ON CONFLICT (application_id) DO UPDATE SET description = excluded.description, compared_at = NULL
  `.execute(trx);
}

/**
 * Queues the comparison of the descriptions waiting, once a send-in has committed (in `via`, a transaction, it runs
 * once that has committed or not at all). A description kept and not queued is compared by the hourly run.
 */
export function queueComparison(via: Db, jobs: Pick<Jobs, 'send'>) {
  return jobs.send('signal-descriptions', {}, { via });
}

/**
 * The `signal-descriptions` job: each description not yet compared, one at a time (a row claimed with SKIP LOCKED, so
 * two processes share the work), matched with its period's other descriptions by trigram similarity at or above the
 * staff's threshold (`%` through the trigram index, the threshold set for the transaction alone). Answers how many
 * were compared.
 */
export async function compareWaitingDescriptions(db: Db, limit = COMPARED_PER_RUN): Promise<number> {
  let compared = 0;
  while (compared < limit && (await compareOne(db))) compared += 1;
  return compared;
}

async function compareOne(db: Db): Promise<boolean> {
  const { similarity } = await signalSettingsOf(db);
  // Each in a transaction of its own, or in the caller's (the demo's, which compares its applications as it makes them).
  return inTransaction(db, async (trx) => {
    const waiting = await trx
      .selectFrom('application_descriptions as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .select(['d.application_id', 'd.description', 'a.period_id'])
      .where('d.compared_at', 'is', null)
      .orderBy('d.application_id')
      .limit(1)
      .forUpdate('d')
      .skipLocked()
      .executeTakeFirst();
    if (!waiting) return false;
    await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(similarity)}, true)`.execute(trx);
    const { rows } = await sql<{ id: number; similarity: number }>`
      SELECT d.application_id AS id, similarity(d.description, ${waiting.description}) AS similarity
      FROM application_descriptions d JOIN applications b ON b.id = d.application_id
      WHERE d.description % ${waiting.description} AND d.application_id <> ${waiting.application_id}
        AND b.period_id = ${waiting.period_id} AND b.sent_in_at IS NOT NULL
    `.execute(trx);
    await raiseSignals(
      trx,
      'similar_description',
      rows.map((row) => ({
        applicationId: waiting.application_id,
        otherId: row.id,
        details: { similarity: Math.round(Number(row.similarity) * 100) },
      })),
    );
    await trx
      .updateTable('application_descriptions')
      .set({ compared_at: sql<Date>`now()` })
      .where('application_id', '=', waiting.application_id)
      .execute();
    return true;
  });
}
