import { Type } from 'typebox';
import { dateTime, money, Nullable, nullableDateTime, untranslated } from '../schemas.js';

// What signed-in applicants read in the portal besides the form: their applications, the open periods, the register.
const { Integer } = Type;
const Text = Type.String;

/** One of the applicant's own applications: a decision once released to them (else under investigation). */
export const ownApplication = Type.Object({
  id: Integer(),
  uuid: Text(),
  reference: Nullable(Text()),
  status: Integer(),
  money: Nullable(money()),
  approved_money: Nullable(money()),
  sent_in_at: nullableDateTime,
  updated_at: dateTime,
  period: Type.Object({ id: Integer(), name: Text(), open: Type.Boolean(), untranslated: untranslated(['name']) }),
  application_type: Nullable(Text()),
  untranslated: untranslated(['application_type']),
  unread_messages: Integer({ description: 'Staff’s messages on the application the applicant has not read yet' }),
  followup_at: Nullable(Text({ description: 'YYYY-MM-DD: when the follow-up report the foundation asked for is due' })),
  followup_sent_in_at: nullableDateTime,
  organisation: Nullable(
    Type.Object(
      { id: Integer(), name: Text() },
      { description: 'The organisation it belongs to, whose members all reach it; null: the applicant’s own' },
    ),
  ),
});

/** An open period with its application types and contacts, in the reader's language where they have it. */
export const openPeriod = Type.Object({
  id: Integer(),
  uuid: Text(),
  name: Text(),
  start_date: Text(),
  end_date: Text(),
  untranslated: untranslated(['name']),
  application_types: Type.Array(Type.Object({ id: Integer(), label: Text(), untranslated: untranslated(['label']) })),
  contacts: Type.Array(
    Type.Object({
      first_name: Text(),
      last_name: Text(),
      title: Nullable(Text()),
      email: Nullable(Text()),
      phone: Nullable(Text()),
      untranslated: untranslated(['title']),
    }),
  ),
});

/** An organisation of the foundation's register, to fill in its details. */
export const registeredOrganisation = Type.Object({
  id: Integer(),
  standing: Type.Unsafe<'member' | 'others' | 'nobody_left' | 'new'>({
    type: 'string',
    enum: ['member', 'others', 'nobody_left', 'new'],
    description:
      'member: the applicant is one of its people (the application is the organisation’s); others: it has people the applicant is not one of (the application stays their own until a signatory invites them); nobody_left: everyone left (ask the foundation for access); new: nobody has applied for it here',
  }),
  name: Text(),
  type: Integer(),
  address: Nullable(Text()),
  co: Nullable(Text()),
  zip: Nullable(Text()),
  city: Nullable(Text()),
  website: Nullable(Text()),
});
