/**
 * What a member of an organisation may do there: a signatory signs for it (accepts a grant's conditions, asks for
 * payouts, invites and removes people); a member writes drafts, answers the dialogue and sends in follow-up reports.
 */
export const memberRoles = ['signatory', 'member'] as const;
export type MemberRole = (typeof memberRoles)[number];
