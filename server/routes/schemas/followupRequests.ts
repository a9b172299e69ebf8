import { Type } from 'typebox';

// Requesting the follow-up reports of a period's approved applications at once.

/** How many follow-ups requesting all of the period would request, for its confirmation. */
export const followupRequestCount = Type.Object({
  pending: Type.Integer({ description: 'Approved applications with no follow-up requested whose applicant can be mailed' }),
});

/** How many follow-ups the request of the period requested. */
export const followupsRequested = Type.Object({ requested: Type.Integer() });
