import { isLocale, defaultLocale } from '../../resources/locales.js';
import { formatDate } from '../../resources/format.js';
import { meetingPath, workListPath } from '../../resources/work.js';
import { loadAbilities, loadViewer } from '../auth/sessions.js';
import { stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { translator } from '../i18n.js';
import type { Mailer } from '../mail/outbox.js';
import { needsThem, workOf, type Work } from './workItems.js';

export interface SummaryDeps {
  mailer: Pick<Mailer, 'queue' | 'deliverSoon'>;
  publicUrl: string;
}

/** The summary's lines in the reader's language, each with the link to its list (or meeting) in the admin. */
export function summaryLines(work: Work, locale: string, publicUrl: string): string[] {
  const language = isLocale(locale) ? locale : defaultLocale;
  const t = translator(language);
  const admin = `${publicUrl}/admin`;
  const lines = work.items.map((item) => {
    const count = item.exact ? String(item.count) : t('app.work.more_than', { count: item.count });
    return `${t(`app.work.items.${item.key}`)}: ${count}\n${admin}${workListPath(item)}`;
  });
  const meeting = work.next_meeting;
  if (meeting)
    lines.push(
      `${t('app.work.next_meeting', { date: formatDate(meeting.held_on, language), place: meeting.place, smart_count: meeting.agenda_count })}\n${admin}${meetingPath(meeting.id)}`,
    );
  return lines;
}

/**
 * The morning mail (the queue's `daily-summary`, 07:00 in Stockholm): each active staff user who asked for it, and
 * whom something needs today, gets what the dashboard would show them, counted as it counts. Each user's mail and the
 * day it went are written together, so a run retried or run twice mails nobody twice. Answers how many were mailed.
 */
export async function sendDailySummaries(db: Db, deps: SummaryDeps, now: Date): Promise<number> {
  const today = stockholmDay(now);
  const users = await db
    .selectFrom('users')
    .select(['id', 'role', 'first_name', 'email', 'notifications_email', 'locale'])
    .where('active', '=', true)
    .where('daily_summary', '=', true)
    .where((eb) => eb.or([eb('daily_summary_on', 'is', null), eb('daily_summary_on', '<', today)]))
    .orderBy('id')
    .execute();
  let mailed = 0;
  for (const user of users) {
    const [abilities, viewer] = await Promise.all([loadAbilities(db, user), loadViewer(db, user.id)]);
    const work = await workOf(db, { userId: user.id, abilities, viewer }, today);
    if (!needsThem(work, today)) continue;
    const sent = await inTransaction(db, async (trx) => {
      // Another run may have mailed them since the list was read.
      const claimed = await trx
        .updateTable('users')
        .set({ daily_summary_on: today })
        .where('id', '=', user.id)
        .where((eb) => eb.or([eb('daily_summary_on', 'is', null), eb('daily_summary_on', '<', today)]))
        .executeTakeFirst();
      if (!claimed.numUpdatedRows) return false;
      await deps.mailer.queue(
        {
          to: user.notifications_email?.trim() || user.email,
          locale: user.locale,
          template: 'daily_summary',
          name: user.first_name,
          params: { date: formatDate(today, isLocale(user.locale) ? user.locale : defaultLocale), link: `${deps.publicUrl}/admin/` },
          postscript: summaryLines(work, user.locale, deps.publicUrl),
        },
        trx,
      );
      return true;
    });
    if (sent) mailed += 1;
  }
  if (mailed) deps.mailer.deliverSoon();
  return mailed;
}
