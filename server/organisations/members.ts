import { sql } from 'kysely';
import type { MemberRole } from '../../resources/memberRoles.js';
import type { Db } from '../db/connect.js';
import { AppError, forbidden, invalid, notFound } from '../errors.js';
import { enums } from '../../resources/enums.js';
import { recordOrganisationHistory } from './history.js';
import { mailSignatories, type OrganisationMailDeps } from './organisationMails.js';

/** Who acts on an organisation's people: one of its members in the portal, or staff with a reason. */
export type Actor = { applicantId: number } | { staffId: number; reason: string };

/** The organisation's row locked for a change of its people: two changes at once take turns, so a count holds. */
export async function lockOrganisation(trx: Db, organisationId: number) {
  const row = await trx.selectFrom('organisations').select(['id', 'name']).where('id', '=', organisationId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The organisation's members with their names and addresses, signatories first. */
export function membersOf(db: Db, organisationId: number) {
  return db
    .selectFrom('organisation_members as m')
    .innerJoin('frontend_users as f', 'f.id', 'm.frontend_user_id')
    .select(['m.id', 'm.frontend_user_id', 'm.role', 'm.joined_at', 'f.first_name', 'f.last_name', 'f.email'])
    .where('m.organisation_id', '=', organisationId)
    .orderBy('m.role', 'desc')
    .orderBy('m.id')
    .execute();
}

/** The role of an applicant account in the organisation, or null for none. */
export async function roleIn(db: Db, organisationId: number, applicantId: number): Promise<MemberRole | null> {
  const row = await db
    .selectFrom('organisation_members')
    .select('role')
    .where('organisation_id', '=', organisationId)
    .where('frontend_user_id', '=', applicantId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The organisations an applicant account is a member of, with its role and the count of each one's people. */
export function organisationsOf(db: Db, applicantId: number) {
  return db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'o.org_number', 'm.role', 'm.id as member_id'])
    .select(sql<number>`(SELECT count(*)::int FROM organisation_members n WHERE n.organisation_id = o.id)`.as('members'))
    .where('m.frontend_user_id', '=', applicantId)
    .orderBy('o.name')
    .execute();
}

/** A member of the portal reaches an organisation's people only as one of them (404 otherwise, as an unknown one). */
export async function assertMember(db: Db, organisationId: number, applicantId: number): Promise<MemberRole> {
  const role = await roleIn(db, organisationId, applicantId);
  if (!role) throw notFound();
  return role;
}

/** Adds a person, or gives a member the role; in the change's transaction, its history written. */
export async function putMember(
  trx: Db,
  organisationId: number,
  applicantId: number,
  role: MemberRole,
  entry: {
    action: 'member_added' | 'invitation_accepted' | 'access_granted';
    byApplicant?: number;
    byUser?: number;
    details?: Record<string, unknown>;
  },
  now: Date,
  /** The person's role there where the caller knows it (null in an association it has just made); undefined: read here. */
  known?: MemberRole | null,
) {
  const before = known === undefined ? await roleIn(trx, organisationId, applicantId) : known;
  if (before === role || (before === 'signatory' && role === 'member')) return before;
  await trx
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, frontend_user_id: applicantId, role, joined_at: now })
    .onConflict((oc) => oc.columns(['organisation_id', 'frontend_user_id']).doUpdateSet({ role }))
    .execute();
  await recordOrganisationHistory(
    trx,
    {
      organisationId,
      action: entry.action,
      byApplicant: entry.byApplicant,
      byUser: entry.byUser,
      about: applicantId,
      details: { role, ...entry.details },
    },
    now,
  );
  if (before === null) await handOverApplications(trx, organisationId, applicantId);
  return role;
}

/** One membership of the organisation, by its id (404 for another organisation's or none). */
async function membership(trx: Db, organisationId: number, memberId: number) {
  const member = await trx
    .selectFrom('organisation_members')
    .selectAll()
    .where('id', '=', memberId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!member) throw notFound();
  return member;
}

const signatoriesLeft = async (trx: Db, organisationId: number) =>
  (await membersOf(trx, organisationId)).filter((m) => m.role === 'signatory');

/**
 * The one rule of who signs: while others remain, one of them must be a signatory. A change that would leave members
 * without one is refused (409), so the last signatory names another before they leave.
 */
async function assertSignatoryRemains(trx: Db, organisationId: number, leaving: number) {
  const members = await membersOf(trx, organisationId);
  const others = members.filter((m) => m.id !== leaving);
  if (others.length && !others.some((m) => m.role === 'signatory')) throw new AppError(409, 'errors.last_signatory');
}

/**
 * A member leaves (themself), or is removed by a signatory or by staff with a reason: at once they reach nothing of the
 * organisation's. The last signatory cannot leave while others remain. The history says who did it, and the
 * signatories (the one removed too) are mailed.
 */
export async function removeMember(db: Db, deps: OrganisationMailDeps, organisationId: number, memberId: number, actor: Actor, now: Date) {
  // Staff say why, as they do when adding (addMemberByStaff).
  if ('reason' in actor && !actor.reason.trim()) throw invalid({ reason: ['validation.required'] });
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisation(trx, organisationId);
    const member = await membership(trx, organisationId, memberId);
    const leaving = 'applicantId' in actor && actor.applicantId === member.frontend_user_id;
    if ('applicantId' in actor && !leaving && (await roleIn(trx, organisationId, actor.applicantId)) !== 'signatory') throw forbidden();
    if ('applicantId' in actor) await assertSignatoryRemains(trx, organisationId, member.id);
    await trx.deleteFrom('organisation_members').where('id', '=', member.id).execute();
    await recordOrganisationHistory(
      trx,
      {
        organisationId,
        action: leaving ? 'member_left' : 'member_removed',
        ...byWhom(actor),
        about: leaving ? null : member.frontend_user_id,
        details: { role: member.role, ...('reason' in actor && { reason: actor.reason }) },
      },
      now,
    );
    await mailSignatories(trx, deps, organisation, leaving ? 'member_left' : 'member_removed', {
      person: member.frontend_user_id,
      also: [member.frontend_user_id],
    });
  });
  deps.mailer.deliverSoon();
}

/** A signatory (or staff with a reason) gives a member another role; the last signatory is not made a member. */
export async function changeRole(
  db: Db,
  deps: OrganisationMailDeps,
  organisationId: number,
  memberId: number,
  role: MemberRole,
  actor: Actor,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisation(trx, organisationId);
    if ('applicantId' in actor && (await roleIn(trx, organisationId, actor.applicantId)) !== 'signatory') throw forbidden();
    const member = await membership(trx, organisationId, memberId);
    if (member.role === role) return;
    if (role === 'member' && (await signatoriesLeft(trx, organisationId)).length === 1) throw new AppError(409, 'errors.last_signatory');
    await trx.updateTable('organisation_members').set({ role }).where('id', '=', member.id).execute();
    await recordOrganisationHistory(
      trx,
      {
        organisationId,
        action: 'role_changed',
        ...byWhom(actor),
        about: member.frontend_user_id,
        details: { from: member.role, role, ...('reason' in actor && { reason: actor.reason }) },
      },
      now,
    );
    await mailSignatories(trx, deps, organisation, 'role_changed', { person: member.frontend_user_id, also: [member.frontend_user_id] });
  });
  deps.mailer.deliverSoon();
}

export const byWhom = (actor: Actor) => ('applicantId' in actor ? { byApplicant: actor.applicantId } : { byUser: actor.staffId });

/**
 * Staff add a person by their portal account's address to the organisation, or give a member the role, with a reason
 * (422 beside the field: no reason, or no open account with the address). In the history; the signatories are mailed.
 */
export async function addMemberByStaff(
  db: Db,
  deps: OrganisationMailDeps,
  organisationId: number,
  input: { email: string; role: MemberRole; reason: string },
  staffId: number,
  now: Date,
) {
  const reason = input.reason.trim();
  if (!reason) throw invalid({ reason: ['validation.required'] });
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisation(trx, organisationId);
    const person = await trx
      .selectFrom('frontend_users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.trim().toLowerCase()))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!person) throw invalid({ email: ['validation.no_applicant_account'] });
    const member = await trx
      .selectFrom('organisation_members')
      .select(['id', 'role'])
      .where('organisation_id', '=', organisationId)
      .where('frontend_user_id', '=', person.id)
      .executeTakeFirst();
    if (member?.role === input.role) return;
    if (member) {
      if (input.role === 'member' && (await signatoriesLeft(trx, organisationId)).length === 1)
        throw new AppError(409, 'errors.last_signatory');
      await trx.updateTable('organisation_members').set({ role: input.role }).where('id', '=', member.id).execute();
      await recordOrganisationHistory(
        trx,
        {
          organisationId,
          action: 'role_changed',
          byUser: staffId,
          about: person.id,
          details: { from: member.role, role: input.role, reason },
        },
        now,
      );
      await mailSignatories(trx, deps, organisation, 'role_changed', { person: person.id, role: input.role, also: [person.id] });
      return;
    }
    await putMember(trx, organisationId, person.id, input.role, { action: 'member_added', byUser: staffId, details: { reason } }, now);
    await mailSignatories(trx, deps, organisation, 'member_added', { person: person.id, role: input.role, also: [person.id] });
  });
  deps.mailer.deliverSoon();
}

/**
 * A person who joins an organisation hands it what they sent in or write for its number alone, so their earlier
 * applications for it are the organisation's from then on.
 */
export async function handOverApplications(trx: Db, organisationId: number, applicantId: number) {
  await trx
    .updateTable('applications')
    .set({ organisation_id: organisationId })
    .where('frontend_user_id', '=', applicantId)
    .where('organisation_id', 'is', null)
    .where('org_number', '=', (eb) => eb.selectFrom('organisations').select('org_number').where('id', '=', organisationId))
    .where('applicant_type', 'in', [enums.applicant_type.organisation, enums.applicant_type.both])
    .execute();
}
