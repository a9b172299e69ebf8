import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { lockOrganisation, putMember, roleIn } from './members.js';

const { organisation: forOrganisation, both } = enums.applicant_type;

/** What of an application says which organisation it is for. */
export interface ForOrganisation {
  applicant_type?: unknown;
  org_number?: unknown;
  org_name?: unknown;
  organisation_type?: unknown;
}

const organisationNumberOf = (record: ForOrganisation) =>
  (record.applicant_type === forOrganisation || record.applicant_type === both) &&
  typeof record.org_number === 'string' &&
  record.org_number
    ? record.org_number
    : null;

/**
 * The organisation a draft belongs to while it is written: the one its organisation number names, where the person
 * writing is one of its members (its members then all reach the draft); else none, the person's own.
 */
export async function draftsOrganisation(db: Db, applicantId: number, record: ForOrganisation): Promise<number | null> {
  const number = organisationNumberOf(record);
  if (!number) return null;
  const row = await db
    .selectFrom('organisations as o')
    .innerJoin('organisation_members as m', 'm.organisation_id', 'o.id')
    .select('o.id')
    .where('o.org_number', '=', number)
    .where('m.frontend_user_id', '=', applicantId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The organisation an application is sent in for, in the send-in's transaction: the register's by its number, made
 * (unverified) where the register has none. The person who first applies for it becomes its signatory, in its history.
 * One who is not a member of an organisation that already has members keeps the application as their own (null): it
 * is never shown to people they do not know, and becomes the organisation's when a signatory invites them
 * (invitations.ts). A person's own application (a scholarship) is no organisation's either.
 */
export async function sentInOrganisation(trx: Db, applicantId: number, record: ForOrganisation, now: Date): Promise<number | null> {
  const number = organisationNumberOf(record);
  if (!number) return null;
  const made = await trx
    .insertInto('organisations')
    .values({
      name: (typeof record.org_name === 'string' && record.org_name.trim()) || number,
      org_number: number,
      type: typeof record.organisation_type === 'number' ? record.organisation_type : enums.organisation_type.association,
    })
    .onConflict((oc) => oc.column('org_number').doNothing())
    .returning('id')
    .executeTakeFirst();
  const first = { action: 'member_added', details: { how: 'first_application' } } as const;
  // Made here, it is seen by nobody else until this commits (one applying for its number meanwhile waits at the
  // insert above): it has no members yet, so no lock or look is needed to make this person its first.
  if (made) {
    await putMember(trx, made.id, applicantId, 'signatory', first, now, null);
    return made.id;
  }
  const { id } = await trx.selectFrom('organisations').select('id').where('org_number', '=', number).executeTakeFirstOrThrow();
  await lockOrganisation(trx, id);
  if (await roleIn(trx, id, applicantId)) return id;
  const anyone = await trx.selectFrom('organisation_members').select('id').where('organisation_id', '=', id).limit(1).executeTakeFirst();
  if (anyone) return null;
  await putMember(trx, id, applicantId, 'signatory', first, now, null);
  return id;
}
