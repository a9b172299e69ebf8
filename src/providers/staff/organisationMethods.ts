import type { MemberRole } from '../../../resources/memberRoles';
import type { HttpClient } from '../httpClient';
import type { AccessRequest, OrganisationPeople, Unwrap } from '../staffMethods';
import type { StaffPaths } from './staffPaths';

/**
 * An organisation's people as staff manage them: its members, roles, invitations and history; a person added, given
 * another role or removed with a reason; the requests for access to an organisation nobody is left in.
 */
export function organisationMethods(http: HttpClient, unwrap: Unwrap, { attachmentAt }: Pick<StaffPaths, 'attachmentAt'>) {
  const members = (id: number, rest = '') => `/organisations/${id}/members${rest}`;
  const accessRequest = (id: number, decision: 'grant' | 'refuse') => `/organisation-access-requests/${id}/${decision}`;
  return {
    getOrganisationPeople: (id: number) => unwrap<OrganisationPeople>(http.get(members(id))),
    /**
     * Adds the portal account with the address as a member in the role, or gives a member that role (422 beside
     * `email` when no account has the address; 409 when no signatory would be left). Answers the people again.
     */
    putOrganisationMember: (id: number, input: { email: string; role: MemberRole; reason: string }) =>
      unwrap<OrganisationPeople>(http.post(members(id), { data: input })),
    /** Removes a member with the reason; they reach nothing of the organisation's at once. Answers the people again. */
    removeOrganisationMember: (id: number, memberId: number, reason: string) =>
      unwrap<OrganisationPeople>(http.delete(members(id, `/${memberId}`), { body: { data: { reason } } })),
    /** The file a person attached to their request for access (the annual meeting's minutes, say), as a download. */
    getAccessRequestFile: (id: number) => attachmentAt(`/organisation-access-requests/${id}/file`),
    /** The requests for access, those waiting first. */
    getAccessRequests: () => unwrap<AccessRequest[]>(http.get('/organisation-access-requests')),
    /** Grants a waiting request (the person becomes the organisation's signatory), with a reason if given; 409 once decided. */
    grantAccessRequest: (id: number, reason: string) =>
      unwrap<unknown>(http.post(accessRequest(id, 'grant'), { data: reason.trim() ? { reason } : {} })),
    /** Refuses a waiting request with the reason (required); 409 once decided. */
    refuseAccessRequest: (id: number, reason: string) => unwrap<unknown>(http.post(accessRequest(id, 'refuse'), { data: { reason } })),
  };
}
