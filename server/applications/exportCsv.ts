import type { CsvColumn } from '../csv.js';
import { personName } from '../../resources/users.js';
import type { ExportedRow } from './lists.js';

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

/** An application's cells in the export: names rather than ids, money in kronor. */
export function exportRow(row: ExportedRow): Record<string, unknown> {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    applicant: personName(row.first_name, row.last_name),
    applicant_email: row.email,
    org_name: row.org_name,
    period: row.period_name,
    application_type: row.application_type,
    money: kronor(row.money),
    approved_money: kronor(row.approved_money),
    sent_in_at: row.sent_in_at,
    finished: row.finished,
  };
}

/** Batches of the export's rows as batches of its cells. */
export async function* exportBatches(batches: AsyncIterable<ExportedRow[]>): AsyncGenerator<Record<string, unknown>[]> {
  for await (const rows of batches) yield rows.map(exportRow);
}
