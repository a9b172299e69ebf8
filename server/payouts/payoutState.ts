import { sql, type RawBuilder } from 'kysely';
import { enums } from '../../resources/enums.js';
import { payoutStatusGroups } from './lifecycle.js';

/** Where an approved application's money stands, as the applications lists' payout indicator shows it. */
export const payoutStates = ['none', 'in_progress', 'paid', 'lapsed'] as const;
export type PayoutState = (typeof payoutStates)[number];

const { paid } = enums.payout_status;

/**
 * The payout state of the application `alias` (null unless approved with a plan): every instalment paid -> 'paid';
 * a payout asked for and not yet paid, or some paid and the rest still to be asked -> 'in_progress'; otherwise any
 * lapsed -> 'lapsed'; nothing asked -> 'none'. A subquery on the application's few instalments by their key, so a list
 * reads it for its page's rows alone.
 */
export function payoutStateSql(alias: string): RawBuilder<PayoutState | null> {
  const id = sql.ref(`${alias}.id`);
  return sql<PayoutState | null>`CASE WHEN ${sql.ref(`${alias}.status`)} = ${enums.application_status.approved} THEN (
    SELECT CASE
      WHEN count(*) = 0 THEN NULL
      WHEN count(*) FILTER (WHERE p.status = ${paid}) = count(*) THEN 'paid'
      WHEN count(p.id) > count(*) FILTER (WHERE p.status = ${paid}) THEN 'in_progress'
      WHEN count(*) FILTER (WHERE i.lapsed_at IS NOT NULL) > 0 THEN 'lapsed'
      WHEN count(p.id) > 0 THEN 'in_progress'
      ELSE 'none' END
    FROM payout_instalments i
    LEFT JOIN payouts p ON p.instalment_id = i.id AND p.status NOT IN (${sql.join(payoutStatusGroups.dead)})
    WHERE i.application_id = ${id}
  ) END`;
}
