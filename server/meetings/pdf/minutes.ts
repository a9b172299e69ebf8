import { enums, enumLabel } from '../../../resources/enums.js';
import { formatDate, formatMoney } from '../../../resources/format.js';
import type { Locale } from '../../../resources/locales.js';
import type { Translate } from '../../i18n.js';
import type { Minutes } from '../documents.js';
import { facts, heading, newPdf, paragraph, pdfBytes, signatures, table, title } from '../../pdf/pdfDocument.js';

const { approved } = enums.application_status;

/**
 * The minutes of decisions in the reader's language, as Swedish foundations keep them: numbered in their year; the
 * meeting's day, time and place, who was present and absent, the chair, the secretary and the minutes checker; each
 * item a numbered paragraph (§ 1 the opening, § 2 the election of the minutes checker, § 3 the agenda's approval, a §
 * per application with its decision, who stood aside, who dissented and what it changes, then the closing); a summary
 * of the decisions with the figures frozen when they were entered; lines for the secretary, the chair and the minutes
 * checker to sign.
 */
export function minutesPdf(minutes: Minutes, { t, locale }: { t: Translate; locale: Locale }): Promise<Buffer> {
  const { meeting } = minutes;
  const money = (ore: number | null) => (ore === null ? '–' : formatMoney(ore, locale));
  const pdfTitle = meeting.minutes
    ? t('meetings.pdf.minutes.title_numbered', { number: `${meeting.minutes.number}/${meeting.minutes.year}` })
    : t('meetings.pdf.minutes.title');
  const doc = newPdf(pdfTitle, locale);
  title(doc, pdfTitle, minutes.foundation);
  paragraph(doc, t('meetings.pdf.minutes.intro', { foundation: minutes.foundation }));
  doc.moveDown(0.5);
  const absent = meeting.members.filter((m) => m.present === false);
  const time = [meeting.starts_at, meeting.ends_at].filter(Boolean).join('–');
  facts(doc, [
    [t('meetings.pdf.date'), formatDate(meeting.held_on, locale)],
    ...(time ? [[t('meetings.pdf.time'), time] as [string, string]] : []),
    [t('meetings.pdf.place'), meeting.place],
    [t('meetings.pdf.period'), meeting.period.name],
    [
      t('meetings.pdf.present'),
      meeting.members
        .filter((m) => m.present !== false)
        .map((m) => m.name)
        .join(', '),
    ],
    ...(absent.length ? [[t('meetings.pdf.absent'), absent.map((m) => m.name).join(', ')] as [string, string]] : []),
    [t('meetings.pdf.chair'), meeting.chair?.name ?? ''],
    ...(meeting.secretary ? [[t('meetings.pdf.secretary'), meeting.secretary.name] as [string, string]] : []),
    [t('meetings.pdf.adjuster'), meeting.adjuster?.name ?? ''],
  ]);

  // The items, each its paragraph (§).
  let number = 0;
  const item = (heading_: string, ...lines: string[]) => {
    number += 1;
    heading(doc, `§ ${number} ${heading_}`);
    for (const line of lines) paragraph(doc, line);
  };
  const at = (clock: string | null) => (clock ? t('meetings.pdf.minutes.at', { time: clock }) : '');
  item(
    t('meetings.pdf.minutes.opening'),
    t('meetings.pdf.minutes.opened', { chair: meeting.chair?.name ?? '', at: at(meeting.starts_at) }),
  );
  item(t('meetings.pdf.minutes.checker_election'), t('meetings.pdf.minutes.checker_elected', { checker: meeting.adjuster?.name ?? '' }));
  item(t('meetings.pdf.minutes.agenda_approval'), t('meetings.pdf.minutes.agenda_approved'));
  const decisionOf = (status: number | null, amount: number | null) =>
    `${enumLabel(t, 'application_status', status)}${status === approved && amount !== null ? ` ${money(amount)}` : ''}`;
  for (const line of meeting.agenda) {
    const reference = line.application.reference ?? '';
    const who = [line.application.applicant, line.application.organisation].filter(Boolean).join(', ');
    const said = [
      t('meetings.pdf.minutes.item_decision', {
        applied: money(line.application.money),
        decision: decisionOf(line.decided_status, line.decided_status === approved ? line.decided_amount : null),
      }),
    ];
    if (line.changes)
      said.push(
        t('meetings.pdf.minutes.changes_line', {
          reference,
          date: formatDate(line.changes.held_on, locale),
          decision: decisionOf(line.changes.decided_status, line.changes.decided_amount),
          reason: line.changes.reason,
        }),
      );
    if (line.changed_by)
      said.push(t('meetings.pdf.minutes.changed_by_line', { reference, date: formatDate(line.changed_by.held_on, locale) }));
    if (line.conflicts.length) said.push(t('meetings.pdf.minutes.item_conflicts', { names: line.conflicts.map((c) => c.name).join(', ') }));
    if (line.dissents.length) said.push(t('meetings.pdf.minutes.item_dissent', { names: line.dissents.map((d) => d.name).join(', ') }));
    item([reference, who].filter(Boolean).join(' '), ...said);
  }
  item(t('meetings.pdf.minutes.closing'), t('meetings.pdf.minutes.closed', { chair: meeting.chair?.name ?? '', at: at(meeting.ends_at) }));

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
    ...(meeting.secretary ? [{ name: meeting.secretary.name, role: t('meetings.pdf.minutes.secretary_signs') }] : []),
    { name: meeting.chair?.name ?? '', role: t('meetings.pdf.chair') },
    { name: meeting.adjuster?.name ?? '', role: t('meetings.pdf.adjuster') },
  ]);
  return pdfBytes(doc);
}
