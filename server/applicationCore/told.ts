import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { decidedStatuses } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { visibleStatus } from './ownApplications.js';

// What the applicant has been told of the decision: its facts (the decision and, for an approval, the amount) as the
// last decision mail stated them (`mailed_*`, migration 0019) and as they reached the applicant (`released_*`), by
// that mail or released by staff without one. A decision changed since is not what they were told: its mail is
// outdated (sent again without a resend) and the applicant sees the application as under investigation until the
// new decision is released. Facts rather than times: a decision changed back to what was told is told again, and
// every path that changes a decision (the decision form, the status selector, the staff form) is seen alike.

const { approved, ongoing } = enums.application_status;

/** The decision as it stands. */
export interface Decided {
  status: number;
  approved_money: number | null;
}

/** The decision and what its last mail stated. */
export interface Mailed extends Decided {
  distribution_mail_sent_at: Date | null;
  mailed_status: number | null;
  mailed_money: number | null;
}

/** The decision and what reached the applicant. */
export interface Released extends Decided {
  released_at: Date | null;
  released_status: number | null;
  released_money: number | null;
}

export type Told = Mailed & Released;

/** A decision's facts as they are told: its status, and its amount only for an approval. */
export const factsOf = (decision: Decided) => ({
  status: decision.status,
  money: decision.status === approved ? decision.approved_money : null,
});

const isDecided = (status: number) => decidedStatuses.includes(status);

const states = (row: Decided, status: number | null, money: number | null) => {
  const facts = factsOf(row);
  return status === facts.status && money === facts.money;
};

/** The decision mail was sent and states the decision as it stands. */
export const mailIsCurrent = (row: Mailed) => row.distribution_mail_sent_at !== null && states(row, row.mailed_status, row.mailed_money);

/** A decision mail was sent, and the decision has changed since: the applicant has not been told this one. */
export const changedAfterMail = (row: Mailed) => row.distribution_mail_sent_at !== null && !mailIsCurrent(row);

/** The decision as it stands has reached the applicant. */
export const isReleased = (row: Released) =>
  isDecided(row.status) && row.released_at !== null && states(row, row.released_status, row.released_money);

/**
 * What the applicant is shown of their application: a decision once released (else "under investigation"), then
 * status cloaking, which shows that as "received" in a closed period that uses it; the amount only of
 * an approval shown.
 */
export function shownToApplicant(row: Released, period: { closed: boolean; uses_status_cloaking: boolean }) {
  const status = visibleStatus(isDecided(row.status) && !isReleased(row) ? ongoing : row.status, period);
  return { status, approved_money: status === approved ? row.approved_money : null };
}

/** The columns that record `decision` as released to the applicant now (by its mail, or by staff without one). */
export const releaseColumns = (decision: Decided) => {
  const facts = factsOf(decision);
  return { released_at: sql<Date>`now()`, released_status: facts.status, released_money: facts.money };
};

/** The columns of `applications` these read. */
export const toldColumns = [
  'status',
  'approved_money',
  'distribution_mail_sent_at',
  'mailed_status',
  'mailed_money',
  'released_at',
  'released_status',
  'released_money',
] as const;

const factsSql = (alias: string, status: string, money: string) => {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(${ref(status)} IS NOT DISTINCT FROM ${ref('status')} AND ${ref(money)} IS NOT DISTINCT FROM
    (CASE WHEN ${ref('status')} = ${approved} THEN ${ref('approved_money')} END))`;
};

/** mailIsCurrent() in SQL, of the applications as `alias`. */
export const mailIsCurrentSql = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.distribution_mail_sent_at`)} IS NOT NULL AND ${factsSql(alias, 'mailed_status', 'mailed_money')})`;

/** isReleased() in SQL, of the applications as `alias`. */
export const isReleasedSql = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.status`)} IN (${sql.join(decidedStatuses)}) AND ${sql.ref(`${alias}.released_at`)} IS NOT NULL
    AND ${factsSql(alias, 'released_status', 'released_money')})`;

/** Whether the decision of the application as it stands has reached its applicant, read from its row. */
export async function releasedNow(db: Db, applicationId: number): Promise<boolean> {
  const row = await db.selectFrom('applications').select(toldColumns).where('id', '=', applicationId).executeTakeFirstOrThrow();
  return isReleased(row);
}
