import type { Db } from '../db/connect.js';

/** What happened to an organisation's people, as its history names it. */
export type OrganisationAction =
  | 'member_added'
  | 'member_left'
  | 'member_removed'
  | 'role_changed'
  | 'invited'
  | 'invitation_withdrawn'
  | 'invitation_accepted'
  | 'access_requested'
  | 'access_granted'
  | 'access_refused';

export interface OrganisationEntry {
  organisationId: number;
  action: OrganisationAction;
  /** Who did it: a person of the portal, or staff (neither: the system). */
  byApplicant?: number | null;
  byUser?: number | null;
  /** The person it was done to, where another. */
  about?: number | null;
  details?: Record<string, unknown>;
}

/** One entry of the organisation's history, in the change's transaction. */
export async function recordOrganisationHistory(db: Db, entry: OrganisationEntry, at?: Date) {
  await db
    .insertInto('organisation_history')
    .values({
      organisation_id: entry.organisationId,
      action: entry.action,
      by_applicant: entry.byApplicant ?? null,
      by_user: entry.byUser ?? null,
      about_applicant: entry.about ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ...(at && { created_at: at }),
    })
    .execute();
}

/**
 * The organisation's history, newest first, each entry with the names of who did it and whom it was about as they are
 * now: a person whose account was erased reads as null (the portal and the admin say "a former member").
 */
export function organisationHistory(db: Db, organisationId: number) {
  return db
    .selectFrom('organisation_history as h')
    .leftJoin('frontend_users as by', 'by.id', 'h.by_applicant')
    .leftJoin('users as staff', 'staff.id', 'h.by_user')
    .leftJoin('frontend_users as about', 'about.id', 'h.about_applicant')
    .select([
      'h.id',
      'h.action',
      'h.details',
      'h.created_at',
      'h.by_applicant',
      'h.by_user',
      'h.about_applicant',
      'by.first_name as by_first_name',
      'by.last_name as by_last_name',
      'staff.first_name as staff_first_name',
      'staff.last_name as staff_last_name',
      'about.first_name as about_first_name',
      'about.last_name as about_last_name',
    ])
    .where('h.organisation_id', '=', organisationId)
    .orderBy('h.id', 'desc')
    .limit(200)
    .execute();
}
