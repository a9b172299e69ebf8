import { Type } from 'typebox';
import { dateTime, money, Nullable, nullableDateTime } from '../schemas.js';

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
  period: Type.Object({ id: Integer(), name: Text(), open: Type.Boolean() }),
  application_type: Nullable(Text()),
  unread_messages: Integer({ description: 'Staff’s messages on the application the applicant has not read yet' }),
  followup_at: Nullable(Text({ description: 'YYYY-MM-DD: when the follow-up report the foundation asked for is due' })),
  followup_sent_in_at: nullableDateTime,
});

/** An open period with its application types and contacts. */
export const openPeriod = Type.Object({
  id: Integer(),
  uuid: Text(),
  name: Text(),
  start_date: Text(),
  end_date: Text(),
  application_types: Type.Array(Type.Object({ id: Integer(), label: Text() })),
  contacts: Type.Array(
    Type.Object({
      first_name: Text(),
      last_name: Text(),
      title: Nullable(Text()),
      email: Nullable(Text()),
      phone: Nullable(Text()),
    }),
  ),
});

/** An organisation of the foundation's register, to fill in its details. */
export const registeredOrganisation = Type.Object({
  name: Text(),
  type: Integer(),
  address: Nullable(Text()),
  co: Nullable(Text()),
  zip: Nullable(Text()),
  city: Nullable(Text()),
  website: Nullable(Text()),
});
