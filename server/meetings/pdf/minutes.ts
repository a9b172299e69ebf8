import { enums } from '../../../resources/enums.js';
import { formatDate, formatMoney } from '../../../resources/format.js';
import type { Locale } from '../../../resources/locales.js';
import { enumLabel, type Translate } from '../../i18n.js';
import type { Minutes } from '../documents.js';
import { facts, heading, newPdf, paragraph, pdfBytes, signatures, table, title } from './pdfDocument.js';

const { approved } = enums.application_status;

/**
 * The minutes of decisions in the reader's language: the foundation's meeting, who was present, each decision with its
 * amount, the conflicts of interest declared, the totals, and lines for the chair and the adjuster to sign.
 */
export function minutesPdf(minutes: Minutes, { t, locale }: { t: Translate; locale: Locale }): Promise<Buffer> {
  const { meeting } = minutes;
  const money = (ore: number | null) => (ore === null ? '–' : formatMoney(ore, locale));
  const doc = newPdf(t('meetings.pdf.minutes.title'), locale);
  title(doc, t('meetings.pdf.minutes.title'), minutes.foundation);
  paragraph(doc, t('meetings.pdf.minutes.intro', { foundation: minutes.foundation }));
  doc.moveDown(0.5);
  facts(doc, [
    [t('meetings.pdf.date'), formatDate(meeting.held_on, locale)],
    [t('meetings.pdf.place'), meeting.place],
    [t('meetings.pdf.period'), meeting.period.name],
    [t('meetings.pdf.present'), meeting.members.map((m) => m.name).join(', ')],
    [t('meetings.pdf.chair'), meeting.chair?.name ?? ''],
    [t('meetings.pdf.adjuster'), meeting.adjuster?.name ?? ''],
  ]);

  heading(doc, t('meetings.pdf.minutes.decisions'));
  table(
    doc,
    [
      { header: t('meetings.pdf.reference'), width: 70 },
      { header: t('meetings.pdf.applicant'), width: '*' },
      { header: t('meetings.pdf.applied'), width: 75, align: 'right' },
      { header: t('meetings.pdf.decision'), width: 70 },
      { header: t('meetings.pdf.amount'), width: 75, align: 'right' },
    ],
    meeting.agenda.map((line) => [
      line.application.reference ?? '',
      [line.application.applicant, line.application.organisation].filter(Boolean).join('\n'),
      money(line.application.money),
      enumLabel(t, 'application_status', line.decided_status),
      line.decided_status === approved && line.decided_amount !== null ? money(line.decided_amount) : '–',
    ]),
    [[t('meetings.pdf.total'), '', money(meeting.totals.applied), '', money(meeting.totals.decided)]],
  );

  // A changed decision says what it changes and why; a decision a later meeting changed says when (both minutes).
  const decisionOf = (status: number | null, amount: number | null) =>
    `${enumLabel(t, 'application_status', status)}${status === approved && amount !== null ? ` ${money(amount)}` : ''}`;
  const changes = meeting.agenda.flatMap((line) => {
    const reference = line.application.reference ?? '';
    if (line.changes)
      return [
        t('meetings.pdf.minutes.changes_line', {
          reference,
          date: formatDate(line.changes.held_on, locale),
          decision: decisionOf(line.changes.decided_status, line.changes.decided_amount),
          reason: line.changes.reason,
        }),
      ];
    if (line.changed_by)
      return [t('meetings.pdf.minutes.changed_by_line', { reference, date: formatDate(line.changed_by.held_on, locale) })];
    return [];
  });
  if (changes.length) {
    heading(doc, t('meetings.pdf.minutes.changes'));
    for (const change of changes) paragraph(doc, change);
  }

  heading(doc, t('meetings.pdf.minutes.totals'));
  const { totals } = meeting;
  facts(
    doc,
    [
      [t('meetings.pdf.minutes.approved_count'), t('meetings.pdf.minutes.applications', { smart_count: minutes.counts.approved })],
      [t('meetings.pdf.minutes.rejected_count'), t('meetings.pdf.minutes.applications', { smart_count: minutes.counts.rejected })],
      [t('meetings.pdf.minutes.granted'), money(totals.decided)],
      [t('meetings.pdf.available_money'), money(totals.available_money)],
      [t('meetings.pdf.approved_elsewhere'), money(totals.approved_elsewhere)],
      // Not where a line's amount is withheld from the reader: it would tell that amount.
      [t('meetings.pdf.minutes.remaining_after'), totals.withheld_lines ? '–' : money(totals.remaining - totals.decided)],
    ],
    220,
  );
  if (totals.withheld_lines) paragraph(doc, t('meetings.pdf.withheld_lines', { smart_count: totals.withheld_lines }));

  heading(doc, t('meetings.pdf.minutes.conflicts'));
  if (!minutes.board_conflicts.length && !minutes.reviewer_conflicts.length) paragraph(doc, t('meetings.pdf.minutes.no_conflicts'));
  const conflictLines = (list: { reference: string | null; name: string }[]) =>
    list.map((c) => t('meetings.pdf.minutes.conflict', { name: c.name, reference: c.reference ?? '' })).join('\n');
  facts(
    doc,
    [
      [t('meetings.pdf.minutes.board_conflicts'), conflictLines(minutes.board_conflicts)],
      [t('meetings.pdf.minutes.reviewer_conflicts'), conflictLines(minutes.reviewer_conflicts)],
    ],
    150,
  );
  if (minutes.board_conflicts.length) {
    doc.moveDown(0.3);
    paragraph(doc, t('meetings.pdf.minutes.conflict_rule'));
  }

  signatures(doc, [
    { name: meeting.chair?.name ?? '', role: t('meetings.pdf.chair') },
    { name: meeting.adjuster?.name ?? '', role: t('meetings.pdf.adjuster') },
  ]);
  return pdfBytes(doc);
}
