import { sql } from 'kysely';
import type { SignalKind } from '../../resources/signals.js';
import type { Db } from '../db/connect.js';

/** A signal to raise: on an application, about another it matched (null where it names none), with what matched. */
export interface RaisedSignal {
  applicationId: number;
  otherId: number | null;
  details?: Record<string, unknown>;
}

/**
 * Raises signals of a kind in the caller's transaction, each once: one already raised (checked or not) stays as it is,
 * unless `refresh`, which brings its details up to date (how many accounts an address registered). A pair is raised
 * both ways, so each application shows what it matched. The applications' counts of unchecked signals follow by the
 * trigger of migration 0049.
 */
export async function raiseSignals(
  trx: Db,
  kind: SignalKind,
  signals: RaisedSignal[],
  { bothWays = true, refresh = false }: { bothWays?: boolean; refresh?: boolean } = {},
): Promise<void> {
  const rows = signals.flatMap(({ applicationId, otherId, details = {} }) => [
    { application_id: applicationId, kind, other_application_id: otherId, details: JSON.stringify(details) },
    ...(bothWays && otherId !== null
      ? [{ application_id: otherId, kind, other_application_id: applicationId, details: JSON.stringify(details) }]
      : []),
  ]);
  // Each once: a statement may not meet the same row twice.
  const unique = [...new Map(rows.map((row) => [`${row.application_id}:${row.other_application_id}`, row])).values()];
  if (!unique.length) return;
  await trx
    .insertInto('application_signals')
    .values(unique)
    .onConflict((oc) => {
      const target = oc.columns(['application_id', 'kind', 'other_application_id']);
      return refresh ? target.doUpdateSet({ details: sql`excluded.details` }) : target.doNothing();
    })
    .execute();
}

/** The applications an account wrote or sent in (an organisation's too, when they sent it), sent in. */
export function sentInByAccount(trx: Db, accountIds: readonly number[]) {
  return trx
    .selectFrom('applications as a')
    .select(['a.id', 'a.frontend_user_id', 'a.sent_in_by'])
    .where((eb) => eb.or([eb('a.sent_in_by', 'in', [...accountIds]), eb('a.frontend_user_id', 'in', [...accountIds])]))
    .where('a.sent_in_at', 'is not', null)
    .execute();
}
