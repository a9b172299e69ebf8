import { randomBytes } from 'node:crypto';
import { registerApplicant } from '../../auth/loginLinks.js';
import type { Db } from '../../db/connect.js';
import { recordOrganisationHistory } from '../../organisations/history.js';
import { INVITATION_DAYS } from '../../organisations/invitations.js';
import { addStockholmDays } from '../../clock.js';
import { hashToken } from '../../tokens.js';
import type { SeededApplication } from './applications.js';
import { isoDate, type DemoCalendar } from './calendar.js';

/**
 * An organisation run by several people, as a newcomer should see one: the chair applied and signs for it (the first
 * to apply is its signatory) and accepted the grant's conditions; the treasurer, invited by the chair, is a member and
 * sent the follow-up in; a new board member's invitation waits. It is last year's carpentry workshop;
 * its history says each step.
 */
export async function seedAssociation(trx: Db, applications: SeededApplication[], { daysAgo }: DemoCalendar, today: Date) {
  // Last year's carpentry workshop: accepted in May, its advance paid, the rest in this week's payment file.
  const carpentry = applications.find((a) => a.plan.applied.by === 'lina' && a.plan.handled?.approved === 60_000);
  const application = carpentry
    ? await trx
        .selectFrom('applications as a')
        .innerJoin('grants as g', 'g.application_id', 'a.id')
        .innerJoin('frontend_users as chair', 'chair.id', 'a.frontend_user_id')
        .select(['a.id', 'a.organisation_id', 'a.frontend_user_id', 'chair.first_name', 'chair.last_name', 'g.accepted_at'])
        .where('a.id', '=', carpentry.id)
        .executeTakeFirst()
    : undefined;
  if (!application?.organisation_id || !application.frontend_user_id || !application.accepted_at) {
    throw new Error('The demo has no association whose grant was accepted');
  }
  const organisationId = application.organisation_id;
  const chair = application.frontend_user_id;
  const invitedAt = new Date(application.accepted_at.getTime() - 2 * 86_400_000);
  const treasurer = await registerApplicant(trx, {
    email: 'kerstin.lund@demo.se',
    first_name: 'Kerstin',
    last_name: 'Lund',
    locale: 'sv-SE',
    created_at: invitedAt,
    verified_at: invitedAt,
  });
  if (!treasurer) throw new Error('The demo’s treasurer is registered already');

  await trx
    .insertInto('organisation_invitations')
    .values({
      organisation_id: organisationId,
      email: 'kerstin.lund@demo.se',
      role: 'member',
      locale: 'sv-SE',
      token_hash: hashToken(randomBytes(32).toString('base64url')),
      invited_by: chair,
      expires_at: addStockholmDays(invitedAt, INVITATION_DAYS),
      accepted_at: invitedAt,
      accepted_by: treasurer.id,
      created_at: invitedAt,
    })
    .execute();
  await recordOrganisationHistory(
    trx,
    { organisationId, action: 'invited', byApplicant: chair, details: { email: 'kerstin.lund@demo.se', role: 'member' } },
    invitedAt,
  );
  await trx
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, frontend_user_id: treasurer.id, role: 'member', joined_at: invitedAt })
    .execute();
  await recordOrganisationHistory(
    trx,
    { organisationId, action: 'invitation_accepted', byApplicant: treasurer.id, about: treasurer.id, details: { role: 'member' } },
    invitedAt,
  );

  // The chair accepted the conditions by an e-mailed link; the treasurer sent the follow-up in.
  await trx
    .updateTable('grants')
    .set({
      accepted_by: chair,
      accepted_with: 'link',
      signatory_name: [application.first_name, application.last_name].filter(Boolean).join(' '),
      signatory_role: 'Ordförande',
    })
    .where('application_id', '=', application.id)
    .execute();
  const admin = (await trx.selectFrom('users').select('id').where('email', '=', 'admin@demo.se').executeTakeFirstOrThrow()).id;
  const [requestedAt, sentInAt] = [daysAgo(45, 9, 30), daysAgo(20, 19, 40)];
  await trx
    .insertInto('application_followups')
    .values({
      application_id: application.id,
      requested_at: requestedAt,
      requested_by: admin,
      according_to_plan: true,
      according_to_plan_comment: 'Snickarboden är klar och har använts varje vecka sedan i augusti.',
      participants: 64,
      events: 18,
      marketing: 'Stiftelsens logotyp på skylten vid entrén och i föreningens nyhetsbrev.',
      sent_in_by: treasurer.id,
      updated_at: sentInAt,
    })
    .execute();
  await trx
    .updateTable('applications')
    .set({ followup_at: isoDate(daysAgo(15)), followup_sent_in_at: sentInAt })
    .where('id', '=', application.id)
    .execute();
  await trx
    .insertInto('application_history')
    .values([
      {
        application_id: application.id,
        user_id: admin,
        action: 'followup_requested',
        after: JSON.stringify({ followup_at: isoDate(daysAgo(15)) }),
        created_at: requestedAt,
      },
      {
        application_id: application.id,
        user_id: null,
        action: 'followup_sent_in',
        after: JSON.stringify({ participants: 64, events: 18, sent_in_by: treasurer.id }),
        created_at: sentInAt,
      },
    ])
    .execute();

  const waitingSince = daysAgo(3);
  await trx
    .insertInto('organisation_invitations')
    .values({
      organisation_id: organisationId,
      email: 'nils.holm@demo.se',
      role: 'member',
      locale: 'sv-SE',
      token_hash: hashToken(randomBytes(32).toString('base64url')),
      invited_by: chair,
      expires_at: addStockholmDays(today, INVITATION_DAYS - 3),
      created_at: waitingSince,
    })
    .execute();
  await recordOrganisationHistory(
    trx,
    { organisationId, action: 'invited', byApplicant: chair, details: { email: 'nils.holm@demo.se', role: 'member' } },
    waitingSince,
  );
}
