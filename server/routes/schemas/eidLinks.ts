import { Type } from 'typebox';
import { dateTime, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// The e-ID side of an applicant's own account: what is linked, what waits for the owner's confirmation, and the
// account's history of links (the portal's confirmation page and My data).

/** The account's e-ID as its owner reads it (GET /frontend-users/me/eid, and the answer of every change to it). */
export const accountEid = Type.Object({
  provider: Nullable(Type.String({ description: 'The e-ID the portal offers (OIDC_NAME, e.g. BankID); null when none is set up' })),
  linked_at: nullableDateTime,
  requests: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The request, to confirm or decline it' }),
      first_name: Nullable(Type.String({ description: 'The name the e-ID gave' })),
      last_name: Nullable(Type.String()),
      requested_at: dateTime,
      expires_at: dateTime,
    }),
    { description: 'E-IDs that signed in without a verified e-mail, gave this account’s address, and wait for its owner' },
  ),
  history: Type.Array(
    Type.Object({
      event: stringEnum(['eid_linked', 'eid_unlinked', 'eid_link_declined'] as const),
      provider: Type.String(),
      person_name: Nullable(Type.String({ description: 'The name the e-ID gave' })),
      created_at: dateTime,
    }),
    { description: 'Newest first' },
  ),
});

/** A request's id in a path: a whole number (anything else is unknown). */
export const linkRequestId = Type.String({ pattern: '^[1-9][0-9]{0,17}$' });
