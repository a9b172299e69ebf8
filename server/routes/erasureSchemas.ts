import { Type } from 'typebox';
import { data, dateTime, Nullable } from './schemas.js';

const sentIn = {
  uuid: Type.String(),
  reference: Nullable(Type.String()),
  status: Type.Integer(),
  period: Type.String(),
  application_type: Nullable(Type.String()),
};
const day = (description: string) => Nullable(Type.String({ format: 'date', description }));

/** What erasing an applicant would do (GET …/erasure), for the applicant's own page and for staff alike. */
export const erasureAnswer = data(
  Type.Object({
    account: Type.Union([Type.Literal('deleted'), Type.Literal('closed')], {
      description: 'deleted: the account goes at once; closed: it is closed until the approved applications kept are anonymised',
    }),
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
  }),
);

/** What an erasure did. */
export const erasureDone = data(
  Type.Object({
    account: Type.Union([Type.Literal('deleted'), Type.Literal('closed')]),
    drafts_deleted: Type.Integer(),
    anonymised: Type.Integer({ description: 'Applications sent in and not approved, anonymised at once' }),
    kept: Type.Integer({ description: 'Approved applications kept' }),
    kept_until: day('When the last of them is anonymised, and the account goes'),
  }),
);
