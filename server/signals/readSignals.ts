import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { personName } from '../../resources/users.js';
import type { Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';

/** Who reads the signals: the periods they manage applications of (null: every one) and where they stand. */
export interface SignalReader {
  periods: readonly number[] | null;
  viewer: Viewer;
}

/** An application a signal matched, as its reader may learn of it. */
interface Matched {
  id: number;
  uuid: string;
  reference: string | null;
  period_id: number;
  status: number;
}

/**
 * Whether the reader may read the other application too: sent in, of a period they manage applications of, and
 * not withheld from them by a conflict of interest or a review they have yet to declare (server/auth/standing.ts).
 */
export const mayRead = ({ periods, viewer }: SignalReader, other: Matched) =>
  other.status !== enums.application_status.draft &&
  (periods === null || periods.includes(other.period_id)) &&
  !viewer.stoodAside.has(other.id) &&
  !viewer.undeclared.has(other.id);

/** What a signal may say of what matched when every application it names may be read (else only its own part). */
const pairDetails = ['similarity', 'account_type'] as const;

/**
 * The signals of one application, newest first, each with what matched and links to the applications it matched, as
 * the reader may read them: an application they may not read is counted (`withheld`) and neither named nor linked,
 * and what the signal says of the pair (the similarity, the account's kind) is left out with it. A crowd of accounts
 * registered from one address names the applications its other accounts sent in, read the same way.
 */
export async function signalsOf(db: Db, applicationId: number, reader: SignalReader) {
  const rows = await db
    .selectFrom('application_signals as s')
    .leftJoin('applications as o', 'o.id', 's.other_application_id')
    .leftJoin('users as u', 'u.id', 's.checked_by')
    .select([
      's.id',
      's.kind',
      's.details',
      's.created_at',
      's.checked_at',
      's.check_reason',
      'u.first_name',
      'u.last_name',
      'o.id as other_id',
      'o.uuid as other_uuid',
      'o.reference as other_reference',
      'o.period_id as other_period_id',
      'o.status as other_status',
    ])
    .where('s.application_id', '=', applicationId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const crowd = rows.some((r) => r.kind === 'registrations_from_address') ? await crowdOf(db, applicationId) : [];
  return rows.map((row) => {
    const matched: Matched[] =
      row.other_id !== null
        ? [
            {
              id: row.other_id,
              uuid: row.other_uuid!,
              reference: row.other_reference,
              period_id: row.other_period_id!,
              status: row.other_status!,
            },
          ]
        : row.kind === 'registrations_from_address'
          ? crowd
          : [];
    const readable = matched.filter((m) => mayRead(reader, m));
    const withheld = matched.length - readable.length;
    const { details } = row;
    const kept = (name: string) => (withheld && (pairDetails as readonly string[]).includes(name) ? null : (details[name] ?? null));
    return {
      id: row.id,
      kind: row.kind,
      created_at: row.created_at,
      matched: readable.map(({ uuid, reference }) => ({ uuid, reference })),
      withheld,
      details: {
        similarity: kept('similarity') as number | null,
        account_type: kept('account_type') as string | null,
        day: kept('day') as string | null,
        accounts: kept('accounts') as number | null,
      },
      checked: row.checked_at
        ? {
            at: row.checked_at,
            by: row.first_name === null ? null : personName(row.first_name, row.last_name),
            reason: row.check_reason ?? '',
          }
        : null,
    };
  });
}
export type ShownSignal = Awaited<ReturnType<typeof signalsOf>>[number];

/** The applications sent in by the other accounts of the crowd the application's accounts registered in. */
async function crowdOf(db: Db, applicationId: number): Promise<Matched[]> {
  const { rows } = await sql<Matched>`
    SELECT DISTINCT b.id, b.uuid, b.reference, b.period_id, b.status
    FROM applications a
    JOIN account_registrations mine ON mine.frontend_user_id IN (a.sent_in_by, a.frontend_user_id) AND mine.crowd_id IS NOT NULL
    JOIN account_registrations r ON r.crowd_id = mine.crowd_id AND r.frontend_user_id <> mine.frontend_user_id
    JOIN applications b ON (b.sent_in_by = r.frontend_user_id OR b.frontend_user_id = r.frontend_user_id)
    WHERE a.id = ${applicationId} AND b.id <> a.id AND b.sent_in_at IS NOT NULL
    ORDER BY b.reference, b.id
  `.execute(db);
  return rows;
}
