import { enumLabel } from '../../resources/enums.js';
import { categoryTypeKeys, type StatisticsTable } from '../../resources/statistics.js';
import type { Statistics, StatisticsFigures } from './queries.js';
import type { ExportLanguage } from '../csv.js';
import { spreadsheetLocale, toCsv, type CsvColumn } from '../csv.js';
import type { Translate } from '../i18n.js';

/**
 * One table of the statistics as CSV rows and translated columns, the amounts in kronor (said in the headers), written
 * for the user's Excel as the applications' export is (spreadsheetLocale): sv-SE with ';' and decimal commas, en-US
 * with ',' and decimal points.
 */
export function statisticsCsv(statistics: Statistics, table: StatisticsTable, { t, locale }: ExportLanguage): string {
  const format = spreadsheetLocale(locale);
  const figureCells = (row: StatisticsFigures) => ({
    applications: row.applications,
    applied: format.kronor(row.applied),
    approved: format.kronor(row.approved),
  });
  const header = (key: string) => t(`app.statistics.columns.${key}`);
  const figureColumns: CsvColumn[] = ['applications', 'applied_kr', 'approved_kr'].map((key) => ({
    key: key.replace('_kr', ''),
    header: header(key),
  }));
  const rows: { columns: CsvColumn[]; data: Record<string, unknown>[] } = {
    status: {
      columns: [{ key: 'group', header: header('status') }],
      data: statistics.by_status.map((row) => ({ group: enumLabel(t, 'application_status', row.status), ...figureCells(row) })),
    },
    category_type: {
      columns: [
        { key: 'type', header: header('category_type') },
        { key: 'group', header: header('category') },
      ],
      data: categoryTypeKeys.flatMap((type) =>
        statistics.by_category_type[type].map((row) => ({ type: t(`enums.category_type.${type}`), group: row.label, ...figureCells(row) })),
      ),
    },
    applicant_type: {
      columns: [{ key: 'group', header: header('applicant_type') }],
      data: statistics.by_applicant_type.map((row) => ({ group: enumLabel(t, 'applicant_type', row.applicant_type), ...figureCells(row) })),
    },
    month: {
      columns: [{ key: 'group', header: header('month') }],
      data: statistics.by_month.map((row) => ({ group: row.month ?? '', ...figureCells(row) })),
    },
  }[table];
  return toCsv(rows.data, [...rows.columns, ...figureColumns], format.delimiter);
}

/** 'statistik-manad-ansokningsomgang-2025.csv': translated, in ASCII, so every browser and mail client keeps the name. */
export function statisticsFileName(statistics: Statistics, table: StatisticsTable, t: Translate): string {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const scope = slug(statistics.period ? statistics.period.name : t('app.statistics.all_periods')) || String(statistics.period?.id);
  return `${slug(t('app.statistics.export.file_prefix'))}-${slug(t(`app.statistics.columns.${table}`))}-${scope}.csv`;
}
