import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { bookDecision, bookLapses, bookPayoutPaid, bookPayoutReturned, bookRepaymentReceived } from './journal.js';

type Unbooked = { kind: 'decision' | 'lapse' | 'paid' | 'returned' | 'repayment'; day: string; id: number };

const { approved } = enums.application_status;
const day = (column: string) => sql.raw(`to_char((${column} AT TIME ZONE 'Europe/Stockholm')::date, 'YYYY-MM-DD')`);

/**
 * Books, in the order of their days, the events whose rows were written without their vouchers — the demo's past,
 * which is seeded as rows, and tests that set a payout's state directly — each on its own day, by no one. Answers how
 * many events it booked.
 */
export async function bookUnbooked(trx: Db): Promise<number> {
  const { rows } = await sql<Unbooked>`
    SELECT * FROM (
      SELECT 'decision' AS kind, ${day('a.decided_at')} AS day, a.id, 1 AS ord
        FROM applications a
       WHERE a.decided_at IS NOT NULL AND a.status = ${approved} AND a.approved_money > 0
         AND NOT EXISTS (SELECT 1 FROM journal_vouchers j WHERE j.application_id = a.id AND j.kind = 'decision')
      UNION ALL
      SELECT 'lapse', ${day('max(i.lapsed_at)')}, i.application_id, 5
        FROM payout_instalments i
       WHERE i.lapsed_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM journal_vouchers j WHERE j.application_id = i.application_id AND j.kind = 'instalment_lapsed')
       GROUP BY i.application_id
      UNION ALL
      SELECT 'paid', to_char(p.paid_on, 'YYYY-MM-DD'), p.id, 2
        FROM payouts p
       WHERE p.paid_on IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM journal_vouchers j WHERE j.kind = 'payout_paid' AND j.source_id = p.id)
      UNION ALL
      SELECT 'returned', ${day('p.returned_at')}, p.id, 3
        FROM payouts p
       WHERE p.paid_on IS NOT NULL AND p.status = ${enums.payout_status.returned} AND p.returned_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM journal_vouchers j WHERE j.kind = 'payout_returned' AND j.source_id = p.id)
      UNION ALL
      SELECT 'repayment', to_char(r.received_on, 'YYYY-MM-DD'), r.id, 4
        FROM repayments r
       WHERE r.received_on IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM journal_vouchers j WHERE j.kind = 'repayment_received' AND j.source_id = r.id)
    ) unbooked
    ORDER BY day, ord, id
  `.execute(trx);
  const book = {
    decision: bookDecision,
    lapse: bookLapses,
    paid: bookPayoutPaid,
    returned: bookPayoutReturned,
    repayment: bookRepaymentReceived,
  };
  for (const row of rows) await book[row.kind](trx, row.id, row.day, null);
  return rows.length;
}
