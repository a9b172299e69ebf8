import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/outbox.js';
import { personName } from '../../resources/users.js';

// Staff hear of what an applicant does on an application: a notification row for each recipient, and a mail to those
// who gave an address for notifications, written in the transaction of what caused them, so they exist exactly when
// it does.

export type NotificationKind = Database['notifications']['kind'];

export interface StaffEvent {
  applicationId: number;
  kind: NotificationKind;
  /** The applicant's message that caused it (kind 'applicant_message'). */
  messageId?: number;
  /**
   * A task for another: every one who manages the application hears of it, asked to or not, except the one who caused
   * it (kind 'decision_change_asked', which a second person approves).
   */
  forOthersThan?: number;
}

/** What the mails need: the outbox and the address the links start from. */
export interface NotificationMail {
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** The mail of each kind, and the tab of the application in the admin that its link opens. */
const mails: Record<NotificationKind, { template: string; tab: string }> = {
  applicant_message: { template: 'staff_notification', tab: 'dialogue' },
  followup_sent_in: { template: 'staff_followup_notification', tab: 'followup' },
  decision_change_asked: { template: 'staff_decision_change_notification', tab: 'application' },
};

/** The admin's page of the application, opened on the tab about the event. */
export const adminApplicationLink = (publicUrl: string, uuid: string, tab: string) =>
  `${publicUrl}/admin/applications?show=${encodeURIComponent(uuid)}&tab=${encodeURIComponent(tab)}`;

/**
 * Who hears of an event on the application, each once: active staff users put on it as investigators, and active
 * users who manage applications (by their role, by a general ability of their own, or by one for the application's
 * period) and asked to hear of every one; never one who stood aside from it. With `task`, every one who manages it
 * but the one who caused it, asked or not: a change that waits for a second person reaches them all.
 */
export function recipientsOf(db: Db, applicationId: number, task?: { except: number }) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.locale', 'u.notifications_email'])
    .where('u.active', '=', true)
    .$if(task !== undefined, (q) => q.where('u.id', '<>', task!.except))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('conflicts_of_interest as c')
            .select('c.user_id')
            .whereRef('c.user_id', '=', 'u.id')
            .where('c.application_id', '=', applicationId),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('investigations as i')
            .select('i.id')
            .whereRef('i.user_id', '=', 'u.id')
            .where('i.application_id', '=', applicationId),
        ),
        eb.and([
          task ? eb.lit(true) : eb('u.notify_on_applications', '=', true),
          eb.or([
            eb.exists(
              eb
                .selectFrom('role_abilities as r')
                .select('r.ability')
                .whereRef('r.role', '=', 'u.role')
                .where('r.ability', '=', 'manage-applications'),
            ),
            eb.exists(
              eb
                .selectFrom('user_abilities as g')
                .select('g.id')
                .whereRef('g.user_id', '=', 'u.id')
                .where('g.ability', '=', 'manage-applications')
                // Granted generally, or for the application's period.
                .where((w) =>
                  w.or([
                    w('g.entity_id', 'is', null),
                    w.and([
                      w('g.entity_type', '=', 'periods'),
                      w('g.entity_id', '=', w.selectFrom('applications as p').select('p.period_id').where('p.id', '=', applicationId)),
                    ]),
                  ]),
                ),
            ),
          ]),
        ]),
      ]),
    )
    .orderBy('u.id')
    .execute();
}

/**
 * Notifies staff of an event on the application, inside the caller's transaction (`trx`): a row for each recipient
 * and, for those with a notifications address, a mail in their own language with a link to the application in the
 * admin. The caller starts delivery (`mailer.deliverSoon()`) once the transaction has committed. Answers how many
 * mails were queued.
 */
export async function notifyStaff(trx: Db, event: StaffEvent, mail: NotificationMail): Promise<number> {
  const recipients = await recipientsOf(
    trx,
    event.applicationId,
    event.forOthersThan === undefined ? undefined : { except: event.forOthersThan },
  );
  if (!recipients.length) return 0;
  await trx
    .insertInto('notifications')
    .values(
      recipients.map((r) => ({
        user_id: r.id,
        kind: event.kind,
        application_id: event.applicationId,
        message_id: event.messageId ?? null,
      })),
    )
    .execute();
  const addressed = recipients.filter((r) => r.notifications_email?.trim());
  if (!addressed.length) return 0;
  const application = await trx
    .selectFrom('applications as a')
    .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .select(['a.uuid', 'a.reference', 'f.first_name', 'f.last_name', 'f.email'])
    .where('a.id', '=', event.applicationId)
    .executeTakeFirstOrThrow();
  const { template, tab } = mails[event.kind];
  const params = {
    reference: application.reference ?? '',
    applicant: personName(application.first_name, application.last_name) || application.email,
    link: adminApplicationLink(mail.publicUrl, application.uuid, tab),
  };
  for (const r of addressed)
    await mail.mailer.queue(
      { to: r.notifications_email!.trim(), locale: r.locale, name: r.first_name, template, params, applicationId: event.applicationId },
      trx,
    );
  return addressed.length;
}
