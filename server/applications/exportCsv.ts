import type { CsvColumn } from '../csv.js';
import type { ListRow } from './lists.js';

/** The columns of the applications list's CSV export, named as in the API. */
export const exportColumns: CsvColumn[] = [
  'id',
  'reference',
  'status',
  'applicant',
  'applicant_email',
  'org_name',
  'period',
  'application_type',
  'money',
  'approved_money',
  'sent_in_at',
  'finished',
].map((key) => ({ key, header: key }));

const kronor = (ore: number | null) => (ore === null ? null : (ore / 100).toFixed(2));

/** A list row's cells in the export: names rather than objects, money in kronor. */
export function exportRow(row: ListRow): Record<string, unknown> {
  return {
    ...row,
    applicant: row.applicant.name,
    applicant_email: row.applicant.email,
    period: row.period.name,
    money: kronor(row.money),
    approved_money: kronor(row.approved_money),
  };
}

/** Batches of list rows as batches of the export's cells. */
export async function* exportBatches(batches: AsyncIterable<ListRow[]>): AsyncGenerator<Record<string, unknown>[]> {
  for await (const rows of batches) yield rows.map(exportRow);
}
