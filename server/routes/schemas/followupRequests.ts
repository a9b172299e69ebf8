import { Type } from 'typebox';

// Requesting the follow-up reports of a period's approved applications at once.

/** How many follow-ups requesting all of the period would request, for its confirmation. */
const stoodAside = Type.Integer({
  description: 'Of those, applications the caller stood aside from: never requested by their request (a colleague requests them)',
});

export const followupRequestCount = Type.Object({
  pending: Type.Integer({
    description: 'Approved applications with no follow-up requested whose applicant can be mailed, but those the caller stood aside from',
  }),
  stood_aside: stoodAside,
});

/** How many follow-ups the request of the period requested. */
export const followupsRequested = Type.Object({ requested: Type.Integer(), stood_aside: stoodAside });
