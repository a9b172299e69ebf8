import { Type } from 'typebox';
import { data, dateTime, Nullable } from './schemas.js';

/** What erasing an applicant would do (GET …/erasure), for the applicant's own page and for staff alike. */
export const erasureAnswer = data(
  Type.Object({
    account: Type.Union([Type.Literal('deleted'), Type.Literal('closed')], {
      description: 'deleted: the account goes at once; closed: it is closed until the applications sent in are anonymised',
    }),
    drafts: Type.Array(
      Type.Object({ uuid: Type.String(), period: Type.String(), application_type: Nullable(Type.String()), updated_at: dateTime }),
      { description: 'Drafts never sent in: deleted at once' },
    ),
    kept: Type.Array(
      Type.Object({
        uuid: Type.String(),
        reference: Nullable(Type.String()),
        status: Type.Integer(),
        period: Type.String(),
        application_type: Nullable(Type.String()),
        anonymised_from: Nullable(
          Type.String({ format: 'date', description: 'The first day the retention rules anonymise it; null while it is being handled' }),
        ),
      }),
      { description: 'Applications sent in: kept for the retention time, then anonymised' },
    ),
  }),
);

/** What an erasure did. */
export const erasureDone = data(
  Type.Object({
    account: Type.Union([Type.Literal('deleted'), Type.Literal('closed')]),
    drafts_deleted: Type.Integer(),
    kept: Type.Integer(),
  }),
);
