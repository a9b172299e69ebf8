import type { expiresIn, JsonOf, message as messageAnswer } from '../../server/routes/schemas';
import type { accountEid } from '../../server/routes/schemas/eidLinks';
import type { dataExportBuilding, privacyNotice } from '../../server/routes/schemas/dataProtection';
import type { faq } from '../../server/routes/schemas/faqs';
import type { myOrganisation, organisationPeople } from '../../server/routes/schemas/organisations';
import type { openPeriod, ownApplication, registeredOrganisation } from '../../server/routes/schemas/portal';
import type { eligibilityOutcome, shownEligibilityCheck } from '../../server/routes/schemas/eligibility';
import type { applicantOidcSignIn, oidcProvider, oidcStart } from '../../server/routes/schemas/signIn';
import { useApi } from '../components/useApi';
import type { ApplicationForm, Category, FormValues } from '../forms/application/types';
import type { ErasureDone, ErasurePreview } from '../providers/erasure';
import type { HttpResponse } from '../providers/httpClient';
import type { DialogueMessage } from './dialogue/types';
import type { Followup, FollowupFile } from './followup/types';
import type { Grant, GrantSummaries, Receipt } from './grant/types';
import type { MemberRole } from '../../resources/memberRoles';
import { API_PREFIX } from '../providers/config';
import { http } from './providers';

// Every call of the portal to the server, in one place, as the admin's go through its dataProvider: the paths, and the
// answers typed by the server's response schemas. The pages read with `useRead(portalReads.…)` and change with
// `portalApi.…`; nothing else names a path of the API.

export type AccountEid = JsonOf<typeof accountEid>;
export type OwnApplication = JsonOf<typeof ownApplication>;
export type Faq = JsonOf<typeof faq>;
export type OpenPeriod = JsonOf<typeof openPeriod>;
export type PrivacyNoticeText = JsonOf<typeof privacyNotice>;
export type EidProvider = JsonOf<typeof oidcProvider>['data'];
export type EidSignInAnswer = JsonOf<typeof applicantOidcSignIn>['data'];
export type MyOrganisation = JsonOf<typeof myOrganisation>;
export type OrganisationPeople = JsonOf<typeof organisationPeople>;
export type RegisteredOrganisation = JsonOf<typeof registeredOrganisation>;
/** An application type's eligibility check as the applicant reads it: its name and questions (none: no check). */
export type EligibilityCheck = JsonOf<typeof shownEligibilityCheck>;
/** What the answers came to: stopped at a question with why, or qualified with the draft (as the form reads it). */
export type EligibilityOutcome =
  Extract<JsonOf<typeof eligibilityOutcome>, { qualified: false }> | { qualified: true; application: ApplicationForm };

const application = (uuid: string, rest = '') => `/portal/applications/${uuid}${rest}`;
const followup = (uuid: string, rest = '') => application(uuid, `/followup${rest}`);
const receipts = (uuid: string, payoutId: number) => application(uuid, `/payouts/${payoutId}/receipts`);
const organisation = (id: number | string, rest = '') => `/portal/organisations/${id}${rest}`;

/** The answer's `data`. */
const data = <T>(request: Promise<HttpResponse<{ data: T }>>) => request.then((response) => response.data.data);
/** An upload's progress in whole percent, as the pickers show it. */
const progress = (onProgress: (percent: number) => void) => ({
  onUploadProgress: (e: { loaded: number; total?: number }) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
});

/** The name in Content-Disposition (RFC 5987's filename* first), if any. */
function attachmentName(disposition: string | undefined): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? null;
}

/** A read of the API: its path and, as a type, what it answers. */
export interface Read<T> {
  path: string;
  /** Only the type: never set. */
  answer?: T;
}
const read = <T>(path: string): Read<T> => ({ path });

/** What the portal's pages read, each again when `key` (the locale) changes. */
export const portalReads = {
  applications: () => read<OwnApplication[]>('/portal/applications'),
  application: (uuid: string) => read<ApplicationForm>(application(uuid)),
  periods: () => read<OpenPeriod[]>('/portal/periods'),
  categories: () => read<Category[]>('/portal/categories'),
  faqs: () => read<Faq[]>('/portal/faqs'),
  grants: () => read<GrantSummaries>('/portal/grants'),
  grant: (uuid: string) => read<Grant>(application(uuid, '/grant')),
  followup: (uuid: string) => read<Followup>(followup(uuid)),
  privacyNotice: () => read<PrivacyNoticeText>('/privacy-notice'),
  eidProvider: () => read<EidProvider>('/frontend-users/oidc'),
  myEid: () => read<AccountEid>('/frontend-users/me/eid'),
  erasurePreview: () => read<ErasurePreview>('/frontend-users/me/erasure'),
  /** The organisations the applicant is a member of, with their role and how many people each has. */
  myOrganisations: () => read<MyOrganisation[]>('/portal/organisations/mine'),
  /** An organisation's people, invitations waiting and history, with the reader's role (404 to one not a member). */
  organisationPeople: (id: string) => read<OrganisationPeople>(organisation(id, '/members')),
};

/** Reads one of `portalReads`, again when `key` changes (useApi). */
export function useRead<T>(what: Read<T>, key: unknown = null) {
  return useApi<T>(http, what.path, key);
}

/** The download of a file of the applicant's application (a form's, a message's, a receipt, the follow-up's). */
export const fileUrl = (uuid: string, fileUuid: string) => `${API_PREFIX}${application(uuid, `/files/${fileUuid}`)}`;

/** Where the form's file field uploads and removes the application's files. */
export const applicationFiles = { http, base: (uuid: string) => application(uuid, '/files') };

/** The public pages' forms, each posted to its path (useSendForm). */
export const portalForms = {
  register: '/frontend-users/register',
  loginLink: '/frontend-users/login-link',
  eidEmail: '/frontend-users/oidc/email',
};

/** What the portal's pages change, and the reads they make once, not as a page is shown. */
export const portalApi = {
  /** The dialogue, oldest first; reading it marks the foundation's messages read. */
  messages: (uuid: string) => data<DialogueMessage[]>(http.get(application(uuid, '/messages'))),
  application: (uuid: string) => data<ApplicationForm>(http.get(application(uuid))),
  newApplication: (values: { period_id: number; application_type_id: number; applicant_type?: number }) =>
    data<ApplicationForm>(http.post('/portal/applications', { data: values })),
  /** An application type's eligibility questions, read before its form is started (none: start it at once). */
  eligibilityCheck: (typeId: number) => data<EligibilityCheck>(http.get(`/portal/application-types/${typeId}/eligibility`)),
  /** Answers a type's check in a period: stopped (nothing made), or qualified with the draft started or continued. */
  answerEligibility: (typeId: number, values: { period_id: number; answers: Record<string, string>; applicant_type?: number }) =>
    data<EligibilityOutcome>(http.post(`/portal/application-types/${typeId}/eligibility`, { data: values })),
  /** Saves the draft's changed fields; answers the server's time of the save. */
  saveDraft: async (uuid: string, values: FormValues) =>
    (await data<ApplicationForm>(http.put(application(uuid), { data: values }))).updated_at,
  submit: (uuid: string) => data<{ reference: string | null }>(http.post(application(uuid, '/submit'))),
  /** The register's organisation by its number, with where the applicant stands towards its people. */
  organisation: (number: string) => data<RegisteredOrganisation>(http.get(organisation(encodeURIComponent(number.trim())))),
  /** Asks the foundation for access to an organisation nobody is left in. */
  askForAccess: (organisationId: number, reason: string) =>
    data<{ id: number }>(http.post(organisation(organisationId, '/access-requests'), { data: { reason } })),
  /** Attaches a file (the annual meeting's minutes, say) to one's own request for access while it waits. */
  attachToAccessRequest: (organisationId: number, requestId: number, body: FormData) =>
    data<{ name: string; size: number }>(http.post(organisation(organisationId, `/access-requests/${requestId}/file`), body)),

  /** A signatory gives a member another role; answers the page. */
  changeRole: (id: number, memberId: number, role: MemberRole) =>
    data<OrganisationPeople>(http.post(organisation(id, '/members'), { data: { member_id: memberId, role } })),
  /** Leaves (one's own membership) or, a signatory, removes a member. */
  removeMember: (id: number, memberId: number) => http.delete(organisation(id, `/members/${memberId}`)),
  /** A signatory invites a person by e-mail; answers the page. */
  invite: (id: number, values: { email: string; role: MemberRole }) =>
    data<OrganisationPeople>(http.post(organisation(id, '/invitations'), { data: values })),
  /** A signatory withdraws an invitation still waiting; answers the page. */
  withdrawInvitation: (id: number, invitationId: number) =>
    data<OrganisationPeople>(http.delete(organisation(id, `/invitations/${invitationId}`))),
  /** Accepts an invitation by its link's token; answers the organisation's id. */
  acceptInvitation: (token: string) => data<{ organisation_id: number }>(http.post('/portal/invitations/accept', { data: { token } })),

  sendMessage: (uuid: string, form: FormData, onProgress: (percent: number) => void) =>
    data<DialogueMessage>(http.post(application(uuid, '/messages'), form, progress(onProgress))),

  acceptGrant: (uuid: string, values: object) => data<Grant>(http.post(application(uuid, '/grant/accept'), { data: values })),
  askPayout: (uuid: string, values: object) => data<Grant>(http.post(application(uuid, '/payouts'), { data: values })),
  addReceipt: (uuid: string, payoutId: number, body: FormData, onProgress: (percent: number) => void) =>
    data<Receipt>(http.post(receipts(uuid, payoutId), body, progress(onProgress))),
  removeReceipt: (uuid: string, payoutId: number, fileUuid: string) => http.delete(`${receipts(uuid, payoutId)}/${fileUuid}`),

  saveFollowup: (uuid: string, changes: object) => http.put(followup(uuid), { data: changes }),
  submitFollowup: (uuid: string) => data<Followup>(http.post(followup(uuid, '/submit'))),
  addFollowupFile: (uuid: string, body: FormData, onProgress: (percent: number) => void) =>
    data<FollowupFile>(http.post(followup(uuid, '/files'), body, progress(onProgress))),
  removeFollowupFile: (uuid: string, fileUuid: string) => http.delete(followup(uuid, `/files/${fileUuid}`)),

  /** Signs in by the link's token; answers the session's lifetime. */
  signIn: (token: string) => data<JsonOf<typeof expiresIn>['data']>(http.post('/frontend-users/login', { data: { token } })),
  startEid: (returnTo: string | null) =>
    data<JsonOf<typeof oidcStart>['data']>(http.post('/frontend-users/oidc/start', { data: returnTo ? { return_to: returnTo } : {} })),
  eidCallback: (callback: string) => data<EidSignInAnswer>(http.post('/frontend-users/oidc/callback', { data: { callback } })),
  myEid: () => data<AccountEid>(http.get('/frontend-users/me/eid')),
  removeEid: () => data<AccountEid>(http.delete('/frontend-users/me/eid', { body: { data: { confirm: true } } })),
  answerEidRequest: (requestId: string, action: 'confirm' | 'decline') =>
    data<AccountEid>(http.post(`/frontend-users/me/eid/requests/${requestId}/${action}`)),

  /** The applicant's data as a file with its name, or (202) when the download was asked for while it is being built. */
  exportMyData: async (): Promise<{ file: Blob; name: string | null } | { building: JsonOf<typeof dataExportBuilding> }> => {
    const response = await http.get<Blob>('/frontend-users/me/export', { responseType: 'blob' });
    if (response.status !== 202) return { file: response.data, name: attachmentName(response.headers['content-disposition']) };
    return { building: (JSON.parse(await response.data.text()) as { data: JsonOf<typeof dataExportBuilding> }).data };
  },
  eraseMe: () => data<ErasureDone>(http.delete('/frontend-users/me', { body: { data: { confirm: true } } })),

  /** A form of the public pages (sign-in link, registration, contact) sent to its path; answers the message to show. */
  sendForm: (path: string, body: unknown) => data<JsonOf<typeof messageAnswer>['data']>(http.post(path, { data: body })),
};
