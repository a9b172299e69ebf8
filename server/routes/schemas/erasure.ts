import { Type } from 'typebox';
import { dateTime, Nullable } from '../schemas.js';

// What erasing an applicant's account does: the same answers for the applicant's own My data page and for staff
// carrying out a request received some other way.
const sentIn = {
  uuid: Type.String(),
  reference: Nullable(Type.String()),
  status: Type.Integer(),
  period: Type.String(),
  application_type: Nullable(Type.String()),
};
const day = (description: string) => Nullable(Type.String({ format: 'date', description }));

/** deleted: the account goes at once; closed: it is closed until the approved applications kept are anonymised. */
const account = (description?: string) =>
  Type.Union([Type.Literal('deleted'), Type.Literal('closed')], description === undefined ? {} : { description });

/** What erasing an applicant would do now (GET …/erasure). */
export const erasurePreview = Type.Object({
  account: account('deleted: the account goes at once; closed: it is closed until the approved applications kept are anonymised'),
  kept_until: day('The last day an approved application is kept: the account goes once it is anonymised; null when none is kept'),
  drafts: Type.Array(
    Type.Object({ uuid: Type.String(), period: Type.String(), application_type: Nullable(Type.String()), updated_at: dateTime }),
    { description: 'Drafts never sent in: deleted at once' },
  ),
  anonymised: Type.Array(
    Type.Object({
      ...sentIn,
      withdrawn: Type.Boolean({ description: 'Still being handled: withdrawn (ends as rejected, never decided) first' }),
    }),
    { description: 'Applications sent in and not approved: anonymised at once' },
  ),
  kept: Type.Array(
    Type.Object({
      ...sentIn,
      anonymised_from: day('The first day the retention rules anonymise it (the bookkeeping period of approved applications)'),
    }),
    { description: 'Approved applications: kept for the bookkeeping period, then anonymised' },
  ),
  organisations: Type.Array(Type.Object({ ...sentIn, organisation: Type.String() }), {
    description: 'Applications written for an organisation: they stay with it, naming the person no more',
  }),
});

/** What an erasure did. */
export const erasureDone = Type.Object({
  account: account(),
  drafts_deleted: Type.Integer(),
  anonymised: Type.Integer({ description: 'Applications sent in and not approved, anonymised at once' }),
  kept: Type.Integer({ description: 'Approved applications kept' }),
  kept_until: day('When the last of them is anonymised, and the account goes'),
});
