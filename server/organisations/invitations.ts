import { isEmailAddress } from '../../resources/validators.js';
import { defaultLocale, isLocale, type Locale } from '../../resources/locales.js';
import type { MemberRole } from '../../resources/memberRoles.js';
import { addStockholmDays } from '../clock.js';
import type { Db } from '../db/connect.js';
import { AppError, forbidden, invalid, notFound } from '../errors.js';
import { translator } from '../i18n.js';
import { hashToken, newToken } from '../tokens.js';
import { recordOrganisationHistory } from './history.js';
import { byWhom, lockOrganisation, putMember, roleIn, type Actor } from './members.js';
import { mailSignatories, type OrganisationMailDeps } from './organisationMails.js';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

/** The invitations of an organisation still waiting for their invitee, newest first. */
export function waitingInvitations(db: Db, organisationId: number, now: Date) {
  return db
    .selectFrom('organisation_invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at', 'invited_by', 'invited_by_staff'])
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * A signatory (or staff) invites a person by address to a role: a link that works once, for 14 days, for that address,
 * mailed in the invitee's language (their account's, else the inviter's). An earlier invitation of the same address
 * waiting still is withdrawn, so one link works. Someone already a member is a 409. In the history; the signatories
 * are mailed.
 */
export async function invite(
  db: Db,
  deps: OrganisationMailDeps,
  organisationId: number,
  input: { email: string; role: MemberRole },
  actor: Actor,
  context: { locale: Locale; now: Date },
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw invalid({ email: ['validation.email'] });
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisation(trx, organisationId);
    if ('applicantId' in actor && (await roleIn(trx, organisationId, actor.applicantId)) !== 'signatory') throw forbidden();
    const account = await trx
      .selectFrom('frontend_users')
      .select(['id', 'locale', 'first_name'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (account && (await roleIn(trx, organisationId, account.id))) throw invalid({ email: ['validation.already_member'] });
    await trx
      .updateTable('organisation_invitations')
      .set({ withdrawn_at: context.now })
      .where('organisation_id', '=', organisationId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .execute();
    const locale = account && isLocale(account.locale) ? account.locale : context.locale;
    await trx
      .insertInto('organisation_invitations')
      .values({
        organisation_id: organisationId,
        email,
        role: input.role,
        locale,
        token_hash: hashToken(token),
        invited_by: 'applicantId' in actor ? actor.applicantId : null,
        invited_by_staff: 'staffId' in actor ? actor.staffId : null,
        expires_at: addStockholmDays(context.now, INVITATION_DAYS),
        created_at: context.now,
      })
      .execute();
    await recordOrganisationHistory(
      trx,
      { organisationId, action: 'invited', ...byWhom(actor), details: { email, role: input.role } },
      context.now,
    );
    const inviter =
      'applicantId' in actor
        ? await trx
            .selectFrom('frontend_users')
            .select(['first_name', 'last_name'])
            .where('id', '=', actor.applicantId)
            .executeTakeFirstOrThrow()
        : null;
    await deps.mailer.queue(
      {
        to: email,
        locale: locale ?? defaultLocale,
        name: account?.first_name ?? null,
        template: 'organisation_invitation',
        params: {
          organisation: organisation.name,
          inviter: inviter ? [inviter.first_name, inviter.last_name].filter(Boolean).join(' ') : '',
          role: roleText(locale, input.role),
          link: `${deps.config.publicUrl}/inbjudan/${token}`,
          days: String(INVITATION_DAYS),
        },
      },
      trx,
    );
    await mailSignatories(trx, deps, organisation, 'invited', { person: email, role: input.role });
  });
  deps.mailer.deliverSoon();
}

const roleText = (locale: Locale, role: MemberRole) => translator(locale)(`mail.organisation_roles.${role}`);

/**
 * The signed-in applicant accepts an invitation by its link's token: once, while it works, and only for the address it
 * was sent to (403 for another's: the link is not theirs to use). They become a member in the invited role (a member
 * already keeps the higher of the two). Answers the organisation's id.
 */
export async function acceptInvitation(
  db: Db,
  deps: OrganisationMailDeps,
  token: string,
  applicant: { id: number; email: string },
  now: Date,
): Promise<number> {
  const organisationId = await db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('organisation_invitations')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!invitation || invitation.accepted_at || invitation.withdrawn_at || invitation.expires_at <= now) {
      throw new AppError(410, 'errors.invitation_invalid');
    }
    if (invitation.email !== applicant.email.trim().toLowerCase()) throw new AppError(403, 'errors.invitation_other_address');
    const organisation = await lockOrganisation(trx, invitation.organisation_id);
    await trx
      .updateTable('organisation_invitations')
      .set({ accepted_at: now, accepted_by: applicant.id })
      .where('id', '=', invitation.id)
      .execute();
    await putMember(trx, organisation.id, applicant.id, invitation.role, { action: 'invitation_accepted', byApplicant: applicant.id }, now);
    await mailSignatories(trx, deps, organisation, 'invitation_accepted', { person: applicant.id, role: invitation.role });
    return organisation.id;
  });
  deps.mailer.deliverSoon();
  return organisationId;
}

/**
 * A signatory withdraws an invitation still waiting: its link opens nothing from then on. 404 for another
 * organisation's or one accepted, withdrawn or expired; in the history.
 */
export async function withdrawInvitation(db: Db, organisationId: number, invitationId: number, actor: Actor, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, organisationId);
    if ('applicantId' in actor && (await roleIn(trx, organisationId, actor.applicantId)) !== 'signatory') throw forbidden();
    const withdrawn = await trx
      .updateTable('organisation_invitations')
      .set({ withdrawn_at: now })
      .where('id', '=', invitationId)
      .where('organisation_id', '=', organisationId)
      .where('accepted_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!withdrawn) throw notFound();
    await recordOrganisationHistory(trx, { organisationId, action: 'invitation_withdrawn', ...byWhom(actor), details: withdrawn }, now);
  });
}
