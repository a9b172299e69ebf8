import { personName } from '../../resources/users.js';
import type { Db } from '../db/connect.js';

/** Records that the days from..to were exported, with how many vouchers, by whom (now). */
export async function recordExport(db: Db, range: { from: string; to: string; vouchers: number }, staffId: number): Promise<void> {
  await db
    .insertInto('bookkeeping_exports')
    .values({ from_day: range.from, to_day: range.to, vouchers: range.vouchers, exported_by: staffId })
    .execute();
}

/** The exports whose days overlap from..to (all when null), newest first, at most 50. */
export async function exportsOverlapping(db: Db, range: { from: string; to: string } | null) {
  const rows = await db
    .selectFrom('bookkeeping_exports as e')
    .innerJoin('users as u', 'u.id', 'e.exported_by')
    .select(['e.id', 'e.from_day', 'e.to_day', 'e.vouchers', 'e.exported_at', 'u.first_name', 'u.last_name'])
    .$if(range !== null, (q) => q.where('e.from_day', '<=', range!.to).where('e.to_day', '>=', range!.from))
    .orderBy('e.exported_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(50)
    .execute();
  return rows.map(({ first_name, last_name, ...row }) => ({ ...row, exported_by: personName(first_name, last_name) }));
}
