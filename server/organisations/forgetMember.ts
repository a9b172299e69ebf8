import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { recordOrganisationHistory } from './history.js';

/**
 * What erasing a person's account does to the organisations they were one of, in the erasure's transaction: the
 * organisation's applications and grants stay with it, no longer theirs (nor naming them as the one who wrote, sent in,
 * accepted or asked for money, nor as its contact person where that was them); they leave every organisation (its
 * history says "a former member" left), and every entry of its history that named them names "a former member";
 * the invitations sent to their address and their requests for access go (answered: their stored files, for the
 * caller to remove after the commit). The grant's signatory, as typed and as the
 * e-ID named them, stays: it is the organisation's record of who signed.
 */
export async function forgetMember(trx: Db, frontendUserId: number, email: string, now: Date): Promise<string[]> {
  const address = email.trim().toLowerCase();
  const theirs = trx
    .selectFrom('applications')
    .select('id')
    .where('frontend_user_id', '=', frontendUserId)
    .where('organisation_id', 'is not', null)
    .where('applicant_type', 'in', [enums.applicant_type.organisation, enums.applicant_type.both]);
  await trx
    .updateTable('applications')
    .set({
      contact_first_name: null,
      contact_last_name: null,
      contact_email: null,
      contact_email_confirmation: null,
      contact_phone: null,
      contact_address: null,
      contact_zip: null,
      contact_city: null,
    })
    .where('id', 'in', theirs)
    .where(sql<boolean>`lower(contact_email) = ${address}`)
    .execute();
  await trx
    .updateTable('grants')
    .set({ accepted_by: null })
    .where('accepted_by', '=', frontendUserId)
    .where('application_id', 'in', theirs)
    .execute();
  await trx
    .updateTable('payouts')
    .set({ requested_by: null })
    .where('requested_by', '=', frontendUserId)
    .where('application_id', 'in', theirs)
    .execute();
  await trx
    .updateTable('applications')
    .set({ sent_in_by: null })
    .where('sent_in_by', '=', frontendUserId)
    .where('organisation_id', 'is not', null)
    .execute();
  await trx.updateTable('applications').set({ frontend_user_id: null }).where('id', 'in', theirs).execute();

  const left = await trx
    .deleteFrom('organisation_members')
    .where('frontend_user_id', '=', frontendUserId)
    .returning(['organisation_id', 'role'])
    .execute();
  for (const membership of left) {
    await recordOrganisationHistory(
      trx,
      { organisationId: membership.organisation_id, action: 'member_left', details: { role: membership.role, how: 'erasure' } },
      now,
    );
  }
  await trx.updateTable('organisation_history').set({ by_applicant: null }).where('by_applicant', '=', frontendUserId).execute();
  await trx.updateTable('organisation_history').set({ about_applicant: null }).where('about_applicant', '=', frontendUserId).execute();
  await trx
    .updateTable('organisation_history')
    .set({ details: sql<string>`details - 'email'` })
    .where(sql<boolean>`details->>'email' = ${address}`)
    .execute();
  await trx.deleteFrom('organisation_invitations').where('email', '=', address).execute();
  await trx.updateTable('organisation_invitations').set({ invited_by: null }).where('invited_by', '=', frontendUserId).execute();
  await trx.updateTable('organisation_invitations').set({ accepted_by: null }).where('accepted_by', '=', frontendUserId).execute();
  const requests = await trx
    .deleteFrom('organisation_access_requests')
    .where('frontend_user_id', '=', frontendUserId)
    .returning('file_key')
    .execute();
  // The stored files of their requests, for the caller to remove once the erasure has committed.
  return requests.flatMap((r) => (r.file_key ? [r.file_key] : []));
}

/**
 * The person's part in organisations, for their data export: their memberships, and what they did there or what was
 * done to them (the organisation's history entries naming them), newest first.
 */
export async function membershipData(db: Db, frontendUserId: number) {
  const [memberships, entries, sentIn] = await Promise.all([
    db
      .selectFrom('organisation_members as m')
      .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
      .select(['o.name as organisation', 'o.org_number', 'm.role', 'm.joined_at'])
      .where('m.frontend_user_id', '=', frontendUserId)
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('organisation_history as h')
      .innerJoin('organisations as o', 'o.id', 'h.organisation_id')
      .select(['o.name as organisation', 'h.action', 'h.details', 'h.created_at as at'])
      .select(sql<boolean>`h.by_applicant = ${frontendUserId}`.as('by_you'))
      .where((eb) => eb.or([eb('h.by_applicant', '=', frontendUserId), eb('h.about_applicant', '=', frontendUserId)]))
      .orderBy('h.id', 'desc')
      .execute(),
    db
      .selectFrom('applications as a')
      .innerJoin('organisations as o', 'o.id', 'a.organisation_id')
      .select(['o.name as organisation', 'a.reference', 'a.sent_in_at'])
      .where('a.sent_in_by', '=', frontendUserId)
      .orderBy('a.sent_in_at')
      .execute(),
  ]);
  return { memberships, history: entries, sent_in: sentIn };
}
