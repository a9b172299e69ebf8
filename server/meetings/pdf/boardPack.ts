import { applications } from '../../../resources/applications.js';
import { enums, enumLabel } from '../../../resources/enums.js';
import { formatDate, formatMoney, formatScore } from '../../../resources/format.js';
import type { Locale } from '../../../resources/locales.js';
import type { Translate } from '../../i18n.js';
import { contactDetails } from '../boardReading.js';
import type { BoardPack, Review } from '../documents.js';
import { facts, heading, newPdf, paragraph, pdfBytes, table, title, type Column, type Pdf } from '../../pdf/pdfDocument.js';

type Page = BoardPack['pages'][number];
type Application = Page['application'];

// The form's fields the pack leaves out: the header names the reference and period, the consent says nothing to the
// board, and the contact person's e-mail, phone and home address are not what it decides on (data minimisation).
const notShown = new Set<string>(['uuid', 'reference', 'period_id', ...contactDetails, 'consent']);

/** A score or spread as a percent, a dash for none. */
const score = (value: number | null, locale: Locale) => formatScore(value, locale) || '–';

/** The form's fields with their answers as staff read them, in the form's order; unanswered ones left out. */
function formFacts(application: Application, t: Translate, locale: Locale): [string, string][] {
  const values = application as unknown as Record<string, unknown>;
  const lines: [string, string][] = [];
  for (const field of applications.fields) {
    if (notShown.has(field.name)) continue;
    const value = values[field.name];
    let text: string;
    if (field.name === 'application_type_id') text = application.application_type?.label ?? '';
    else if (field.kind === 'references') text = application.categories.map((c) => c.label).join(', ');
    else if (value === null || value === undefined || value === '') continue;
    else if (field.kind === 'enum') text = enumLabel(t, field.enumName, Number(value));
    else if (field.kind === 'enumSet') text = (value as number[]).map((code) => enumLabel(t, field.enumName, code)).join(', ');
    else if (field.kind === 'money') text = formatMoney(Number(value), locale);
    else if (typeof value === 'boolean') text = t(value ? 'app.yes' : 'app.no');
    else text = plain(value, '\n');
    if (text) lines.push([t(`resources.applications.fields.${field.name}`), text]);
  }
  return lines;
}

/** An answer as text: a list's items joined; anything else that is no text or number (which the form never gives) left out. */
function plain(value: unknown, separator: string): string {
  if (Array.isArray(value))
    return value
      .map((item) => plain(item, separator))
      .filter(Boolean)
      .join(separator);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The type's questions with their answers; a file question's answer is its files' names. */
function answers(application: Application): [string, string][] {
  const given: Record<string, unknown> = application.definitions ?? {};
  return application.questions.map((question) => {
    if (question.type === enums.field_type.media) {
      const files = application.files.filter((f) => f.field_definition_id === question.id).map((f) => f.name);
      return [question.label, files.join('\n') || '–'];
    }
    const value = given[String(question.id)];
    return [question.label, plain(value, ', ') || '–'];
  });
}

function reviewSection(doc: Pdf, review: Review, t: Translate, locale: Locale) {
  heading(doc, review.name, 11);
  facts(doc, [
    [t('meetings.pdf.weighted_score'), score(review.weighted, locale)],
    [t('meetings.pdf.review_proposal'), enumLabel(t, 'investigation_status', review.status)],
    [t('meetings.pdf.review_amount'), formatMoney(review.amount, locale)],
  ]);
  if (review.scores.length)
    table(
      doc,
      [
        { header: t('meetings.pdf.criterion'), width: '*' },
        { header: t('meetings.pdf.score'), width: 80, align: 'right' },
      ],
      review.scores.map((s) => [s.label, t('meetings.pdf.score_of', { score: s.score, max: s.scale_max })]),
    );
  if (review.comment) {
    doc.moveDown(0.3);
    paragraph(doc, t('meetings.pdf.comment'), { bold: true });
    paragraph(doc, review.comment);
  }
}

function applicationPage(doc: Pdf, page: Page, t: Translate, locale: Locale) {
  const { application, line } = page;
  doc.addPage();
  title(doc, [application.reference, line.application.applicant ?? line.application.organisation].filter(Boolean).join(' – '));
  facts(doc, [
    [t('meetings.pdf.review_amount'), formatMoney(line.application.proposed_amount, locale)],
    [t('meetings.pdf.weighted_score'), score(line.application.review?.score ?? null, locale)],
    [t('meetings.pdf.spread'), score(line.application.review?.spread ?? null, locale)],
    [t('meetings.pdf.proposal'), line.application.proposal ? t(`meetings.pdf.proposals.${line.application.proposal}`) : '–'],
  ]);
  heading(doc, t('meetings.pdf.application'));
  facts(doc, formFacts(application, t, locale));
  const questions = answers(application);
  if (questions.length) {
    heading(doc, t('meetings.pdf.questions'));
    facts(doc, questions, 200);
  }
  heading(doc, t('meetings.pdf.reviews'));
  if (page.reviews_withheld) paragraph(doc, t('meetings.pdf.reviews_withheld'));
  else if (!page.reviews.length) paragraph(doc, t('meetings.pdf.no_reviews'));
  for (const review of page.reviews) reviewSection(doc, review, t, locale);
  if (page.stood_aside.length) {
    doc.moveDown(0.5);
    paragraph(doc, t('meetings.pdf.stood_aside', { names: page.stood_aside.join(', ') }));
  }
}

/**
 * The board pack in the reader's language: the meeting and its agenda as a table with the totals against the period's
 * amount, then a page per application (none for those the reader stood aside from).
 */
export function boardPackPdf(pack: BoardPack, { t, locale }: { t: Translate; locale: Locale }): Promise<Buffer> {
  const { meeting } = pack;
  const doc = newPdf(t('meetings.pdf.pack.title'), locale);
  title(doc, t('meetings.pdf.pack.title'), pack.foundation);
  facts(doc, [
    [t('meetings.pdf.date'), formatDate(meeting.held_on, locale)],
    ...(meeting.starts_at
      ? [[t('meetings.pdf.time'), [meeting.starts_at, meeting.ends_at].filter(Boolean).join('–')] as [string, string]]
      : []),
    [t('meetings.pdf.place'), meeting.place],
    [t('meetings.pdf.period'), meeting.period.name],
    [t('meetings.pdf.members'), meeting.members.map((m) => m.name).join(', ')],
    [t('meetings.pdf.chair'), meeting.chair?.name ?? ''],
    [t('meetings.pdf.adjuster'), meeting.adjuster?.name ?? ''],
    ...(meeting.secretary ? [[t('meetings.pdf.secretary'), meeting.secretary.name] as [string, string]] : []),
  ]);
  heading(doc, t('meetings.pdf.agenda'));
  const columns: Column[] = [
    { header: t('meetings.pdf.reference'), width: 62 },
    { header: t('meetings.pdf.applicant'), width: '*' },
    { header: t('meetings.pdf.category'), width: 80 },
    { header: t('meetings.pdf.applied'), width: 62, align: 'right' },
    { header: t('meetings.pdf.proposed'), width: 62, align: 'right' },
    { header: t('meetings.pdf.weighted_score'), width: 48, align: 'right' },
    { header: t('meetings.pdf.proposal'), width: 52 },
  ];
  const money = (ore: number | null) => (ore === null ? '–' : formatMoney(ore, locale));
  table(
    doc,
    columns,
    meeting.agenda.map(({ application: a }) => [
      a.reference ?? '',
      [a.applicant, a.organisation].filter(Boolean).join('\n'),
      a.category ?? '',
      money(a.money),
      money(a.proposed_amount),
      score(a.review?.score ?? null, locale),
      a.proposal ? t(`meetings.pdf.proposals.${a.proposal}`) : '–',
    ]),
    [[t('meetings.pdf.total'), '', '', money(meeting.totals.applied), money(meeting.totals.proposed), '', '']],
  );
  doc.moveDown(0.5);
  const { totals } = meeting;
  facts(
    doc,
    [
      [t('meetings.pdf.available_money'), money(totals.available_money)],
      [t('meetings.pdf.approved_elsewhere'), money(totals.approved_elsewhere)],
      [t('meetings.pdf.remaining'), money(totals.remaining)],
      // Not where a line's proposal is withheld from the reader: it would tell that proposal.
      [t('meetings.pdf.remaining_after_proposals'), totals.withheld_lines ? '–' : money(totals.remaining - totals.proposed)],
    ],
    220,
  );
  if (totals.withheld_lines) paragraph(doc, t('meetings.pdf.withheld_lines', { smart_count: totals.withheld_lines }));
  const aside = meeting.agenda.filter((line) => meeting.my_conflicts[line.application.uuid]);
  if (aside.length) {
    doc.moveDown(0.5);
    paragraph(doc, t('meetings.pdf.own_conflicts', { references: aside.map((line) => line.application.reference).join(', ') }));
  }
  for (const page of pack.pages) applicationPage(doc, page, t, locale);
  return pdfBytes(doc);
}
