import { sql } from 'kysely';
import { storeLoginLink, type LinkValidity } from '../auth/loginLinks.js';
import { newToken } from '../tokens.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../errors.js';

// Mails about an application's dialogue (staff's message, the decision) reach its applicant with a link that signs
// them in and opens the dialogue. The link is a login link (server/auth/loginLinks.ts), so it is as scanner-safe as
// one: the portal's /logga-in page only shows Continue, and its POST spends the link.

/** Who a mail about the application goes to: its applicant, in their language. */
export interface ApplicationRecipient {
  frontendUserId: number;
  email: string;
  firstName: string | null;
  locale: string;
}

/**
 * The person the application's mails go to: its applicant; for an organisation's application, its applicant while
 * still one of the organisation's people, else its first signatory, else its first member (the treasurer who applied
 * may have left by the time the decision comes). One without a usable address (none, or the account disabled) is a
 * 422 "there is no e-mail address linked to this application", and nothing is sent.
 */
export async function recipientOf(db: Db, applicationId: number): Promise<ApplicationRecipient> {
  const applicant = await db
    .selectFrom('applications as a')
    .innerJoin('frontend_users as f', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('a.organisation_id', 'is', null), eb('f.id', '=', eb.ref('a.frontend_user_id'))]),
          eb(
            'f.id',
            '=',
            eb
              .selectFrom('organisation_members as m')
              .select('m.frontend_user_id')
              .whereRef('m.organisation_id', '=', 'a.organisation_id')
              .orderBy(sql`m.frontend_user_id = a.frontend_user_id`, 'desc')
              .orderBy(sql`m.role = 'signatory'`, 'desc')
              .orderBy('m.id')
              .limit(1),
          ),
        ]),
      ),
    )
    .select(['f.id', 'f.email', 'f.first_name', 'f.locale', 'f.active'])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (!applicant?.active || !applicant.email.trim()) throw new AppError(422, 'errors.no_email_for_application');
  return { frontendUserId: applicant.id, email: applicant.email, firstName: applicant.first_name, locale: applicant.locale };
}

/**
 * A new link to the application's dialogue, valid `days` (DIALOGUE_LINK_DAYS): the login page with the dialogue as
 * where to go next; an applicant already signed in goes straight there.
 */
export function dialogueLink(
  db: Db,
  settings: { publicUrl: string; dialogueLinkDays: number },
  recipient: ApplicationRecipient,
  applicationUuid: string,
): Promise<string> {
  return applicantLink(db, settings, recipient, `/dialog/${applicationUuid}`);
}

/**
 * A new link that signs the applicant in and opens `next` (a path of the portal), valid DIALOGUE_LINK_DAYS, or
 * `valid` when the mail gives it a time of its own (a follow-up's: through its due date).
 */
export async function applicantLink(
  db: Db,
  settings: { publicUrl: string; dialogueLinkDays: number },
  recipient: ApplicationRecipient,
  next: string,
  valid: LinkValidity = settings.dialogueLinkDays,
): Promise<string> {
  const token = newToken();
  await storeLoginLink(db, recipient.frontendUserId, token, valid);
  return `${settings.publicUrl}/logga-in/${token}?next=${encodeURIComponent(next)}`;
}
