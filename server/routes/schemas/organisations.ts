import { Type } from 'typebox';
import { memberRoles, type MemberRole } from '../../../resources/memberRoles.js';
import { dateTime, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// An organisation's people: its members and their roles, the invitations waiting, its history, and requests for access.
const { Integer, String, Boolean } = Type;

export const memberRole = stringEnum(memberRoles, {
  description: 'signatory: signs for the organisation; member: writes, answers, reports',
});
const nullableRole = Type.Unsafe<MemberRole | null>({ type: ['string', 'null'], enum: [...memberRoles, null] });

/** One organisation of the signed-in person, with their role there. */
export const myOrganisation = Type.Object({
  id: Integer(),
  name: String(),
  org_number: String(),
  role: memberRole,
  member_id: Integer({ description: 'Their membership’s id: DELETE it to leave' }),
  members: Integer({ description: 'How many people the organisation has' }),
});

/** The organisation's page: its people, the invitations waiting and what happened, to a member or to staff. */
export const organisationPeople = Type.Object({
  organisation: Type.Object({ id: Integer(), name: String(), org_number: String(), is_verified: Boolean() }),
  role: Type.Optional(nullableRole),
  members: Type.Array(
    Type.Object({
      id: Integer(),
      frontend_user_id: Integer(),
      name: Nullable(String()),
      email: String(),
      role: memberRole,
      joined_at: dateTime,
    }),
  ),
  invitations: Type.Array(Type.Object({ id: Integer(), email: String(), role: memberRole, created_at: dateTime, expires_at: dateTime })),
  history: Type.Array(
    Type.Object({
      id: Integer(),
      action: String({
        description:
          'member_added, member_left, member_removed, role_changed, invited, invitation_accepted, access_requested, access_granted, access_refused',
      }),
      at: dateTime,
      by: Nullable(String({ description: 'Who did it; null: the system, or a former member' })),
      by_staff: Boolean(),
      about: Nullable(String({ description: 'Whom it was about, where another; null: none, or a former member' })),
      details: Type.Record(String(), Type.Unknown()),
    }),
  ),
});

/** A request for access to an organisation nobody is left in, as staff read it. */
export const accessRequest = Type.Object({
  id: Integer(),
  organisation_id: Integer(),
  organisation_name: String(),
  org_number: String(),
  frontend_user_id: Integer(),
  name: Nullable(String()),
  email: String(),
  reason: String(),
  file: Nullable(Type.Object({ name: String(), size: Integer() }, { description: 'The file attached: GET …/file downloads it' })),
  status: stringEnum(['pending', 'granted', 'refused'] as const),
  created_at: dateTime,
  decided_at: nullableDateTime,
  decided_by: Nullable(String()),
  decision_reason: Nullable(String()),
});
