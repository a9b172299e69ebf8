import { enumLabel } from '../../resources/enums.js';
import { applicationContents, type ContentFile } from '../../resources/applicationContents.js';
import { formatDateTime, formatFileSize } from '../../resources/format.js';
import type { Locale } from '../../resources/locales.js';
import type { Translate } from '../i18n.js';
import { facts, heading, newPdf, paragraph, pdfBytes, table, title, type Pdf } from '../pdf/pdfDocument.js';
import type { staffApplication } from './staffView.js';

type StaffApplication = Awaited<ReturnType<typeof staffApplication>>;

/** Room for a label and the first line of its answer (and a step's heading above them), in points. */
const LABEL_ROOM = 40;
const HEADING_ROOM = 70;

/** Starts a new page unless `points` are left on this one: a heading or label is not left alone at a page's foot. */
function keepRoom(doc: Pdf, points: number) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - points) doc.addPage();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A label above its answer, so that an answer of any length runs on over the pages. */
function answer(doc: Pdf, label: string, text: string) {
  keepRoom(doc, LABEL_ROOM);
  paragraph(doc, label, { bold: true });
  paragraph(doc, text || '–');
  doc.moveDown(0.5);
}

/**
 * The whole application as staff read it, for the archive and for reading on paper, in the reader's language: who
 * applied, when, in which period and for which type, and its status; then every answer step by step in the order of the
 * form (applicationContents: the same as the dialog shows), and the list of its files with their sizes.
 */
export function applicationPdf(
  application: StaffApplication,
  { t, locale, foundation, now }: { t: Translate; locale: Locale; foundation: string; now: Date },
): Promise<Buffer> {
  const reference = application.reference ?? '';
  const documentTitle = t('app.applications.pdf.title', { reference });
  const doc = newPdf(documentTitle, locale);
  title(doc, documentTitle, foundation);
  facts(doc, [
    [t('app.applications.fields.reference'), reference],
    [t('app.applications.fields.applicant'), application.applicant?.name ?? t('app.applications.anonymised')],
    [t('app.applications.fields.period'), application.period.name],
    [t('resources.applications.fields.application_type_id'), application.application_type?.label ?? ''],
    [t('app.applications.fields.status'), enumLabel(t, 'application_status', application.status)],
    [t('app.applications.fields.sent_in_at'), formatDateTime(iso(application.sent_in_at), locale)],
  ]);

  const steps = applicationContents(application, t, locale);
  const files: { file: ContentFile; belongs: string }[] = [];
  for (const step of steps) {
    keepRoom(doc, HEADING_ROOM);
    heading(doc, step.title);
    if (step.note) paragraph(doc, step.note);
    for (const row of step.rows) {
      answer(doc, row.label, row.text);
      for (const file of row.files ?? []) files.push({ file, belongs: row.label });
    }
  }

  keepRoom(doc, HEADING_ROOM);
  heading(doc, t('app.applications.pdf.files'));
  if (files.length)
    table(
      doc,
      [
        { header: t('app.applications.pdf.file'), width: '*' },
        { header: t('app.applications.pdf.size'), width: 70, align: 'right' },
        { header: t('app.applications.pdf.belongs_to'), width: 160 },
      ],
      files.map(({ file, belongs }) => [file.name, formatFileSize(file.size, locale), belongs]),
    );
  else paragraph(doc, t('app.applications.pdf.no_files'));

  doc.moveDown(1.5);
  doc.fillColor('#555555');
  paragraph(doc, t('app.applications.pdf.made', { time: formatDateTime(now.toISOString(), locale) }));
  doc.fillColor('black');
  return pdfBytes(doc);
}
