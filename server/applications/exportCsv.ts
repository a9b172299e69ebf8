import { enums, enumLabel } from '../../resources/enums.js';
import { personName } from '../../resources/users.js';
import { csvStream, spreadsheetLocale, type CsvColumn, type ExportLanguage } from '../csv.js';
import type { ExportedRow } from './lists.js';

/** An application as the export tells of it: names rather than ids, amounts in öre; no applicant once anonymised. */
export interface ExportedApplication {
  id: number;
  reference: string | null;
  status: number;
  applicant: { name: string; email: string } | null;
  org_name: string | null;
  period: string;
  application_type: string | null;
  money: number | null;
  approved_money: number | null;
  sent_in_at: Date | null;
  /** Null (with the amounts) where the reader stood aside from the application. */
  finished: boolean | null;
}

const columnKeys = [
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
] as const;

/** The export's columns, headed in the user's language (the amounts' unit and the time zone said in the headers). */
export const exportColumns = ({ t }: ExportLanguage): CsvColumn[] =>
  columnKeys.map((key) => ({ key, header: t(`app.applications.export.columns.${key}`) }));

/** An application as the database cursor reads it for the export. */
export function exportedApplication(row: ExportedRow): ExportedApplication {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    // The left join finds no applicant once the application is anonymised.
    applicant: row.email === null ? null : { name: personName(row.first_name, row.last_name), email: row.email },
    org_name: row.org_name,
    period: row.period_name,
    application_type: row.application_type,
    money: row.money,
    approved_money: row.approved_money,
    sent_in_at: row.sent_in_at,
    finished: row.finished,
  };
}

/**
 * An application's cells, as people read them in the user's language: the status's label, amounts and the time sent
 * in as the user's Excel reads a number and a time (spreadsheetLocale), the time in Stockholm, yes or no. The texts
 * are looked up once, not for each of a large export's rows.
 */
export function exportCells({ t, locale }: ExportLanguage): (application: ExportedApplication) => Record<string, unknown> {
  const format = spreadsheetLocale(locale);
  const amount = (ore: number | null) => (ore === null ? null : format.kronor(ore));
  const statuses = new Map<number, string>(
    Object.values(enums.application_status).map((code) => [code, enumLabel(t, 'application_status', code)]),
  );
  const [yes, no, anonymised] = [t('app.yes'), t('app.no'), t('app.applications.anonymised')];
  return (application) => ({
    id: application.id,
    reference: application.reference,
    status: statuses.get(application.status) ?? enumLabel(t, 'application_status', application.status),
    applicant: application.applicant ? application.applicant.name : anonymised,
    applicant_email: application.applicant?.email ?? null,
    org_name: application.org_name,
    period: application.period,
    application_type: application.application_type,
    money: amount(application.money),
    approved_money: amount(application.approved_money),
    sent_in_at: application.sent_in_at && format.dateTime(application.sent_in_at),
    finished: application.finished === null ? null : application.finished ? yes : no,
  });
}

/** The CSV of the applications the cursor reads, batch by batch, in the user's language. */
export function exportCsv(batches: AsyncIterable<ExportedRow[]>, language: ExportLanguage): AsyncGenerator<string> {
  const cellsOf = exportCells(language);
  async function* cells() {
    for await (const rows of batches) yield rows.map((row) => cellsOf(exportedApplication(row)));
  }
  return csvStream(cells(), exportColumns(language), spreadsheetLocale(language.locale).delimiter);
}
