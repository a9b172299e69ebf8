import type { ListPageOf } from '../../../server/routes/schemas';
import type { HttpClient } from '../httpClient';
import type { Meeting, MeetingDecision, MeetingInput, MeetingRow, StaffApplication, Unwrap } from '../staffMethods';
import type { StaffPaths } from './staffPaths';

/**
 * Board meetings: the meeting, its agenda, the members' declarations, the decisions and the PDFs.
 */
export function meetingMethods(http: HttpClient, unwrap: Unwrap, { meetingPath, attachmentAt }: StaffPaths) {
  return {
    /** The board meetings, as the list reads them (react-admin's list reads the same through the resource `meetings`). */
    getMeetings: (params: { page?: number; per_page?: number; sort?: string; direction?: 'asc' | 'desc'; period?: number } = {}) =>
      unwrap<ListPageOf<MeetingRow>>(http.get('/meetings', { params })),
    getMeeting: (id: number) => unwrap<Meeting>(http.get(meetingPath(id))),
    createMeeting: (input: MeetingInput) => unwrap<Meeting>(http.post('/meetings', { data: input })),
    /** Changes a meeting not yet decided (a decided one is a 409). */
    updateMeeting: (id: number, input: MeetingInput) => unwrap<Meeting>(http.put(meetingPath(id), { data: input })),
    deleteMeeting: (id: number) => unwrap<unknown>(http.delete(meetingPath(id))),
    /** The whole agenda, in order. */
    setAgenda: (id: number, uuids: string[]) =>
      unwrap<Meeting>(http.put(meetingPath(id, '/agenda'), { data: { application_uuids: uuids } })),
    /** Takes up, last on meeting `id`'s agenda, a change of the decision an earlier meeting took on the application. */
    addChangeOfDecision: (id: number, uuid: string, reason: string) =>
      unwrap<Meeting>(http.post(meetingPath(id, '/agenda/changes'), { data: { application_uuid: uuid, reason } })),
    /** Appends the period's applications whose reviews are all in and that are not on the agenda yet. */
    addReviewedToAgenda: (id: number) => unwrap<Meeting>(http.post(meetingPath(id, '/agenda/reviewed'))),
    /** The caller's own declaration of a conflict of interest on one application of the agenda. */
    declareConflict: (id: number, uuid: string, conflict: boolean) =>
      unwrap<Meeting>(
        http.put(meetingPath(id, `/agenda/${encodeURIComponent(uuid)}/conflict`), { data: { conflict_of_interest: conflict } }),
      ),
    /** An application of the agenda as a member reads it; a 403 after they declared a conflict on it. */
    getMeetingApplication: (id: number, uuid: string) =>
      unwrap<StaffApplication>(http.get(meetingPath(id, `/applications/${encodeURIComponent(uuid)}`))),
    /** The decisions of the whole agenda, saved together or not at all. */
    decideMeeting: (id: number, decisions: MeetingDecision[], absentIds: number[] = []) =>
      unwrap<Meeting>(http.post(meetingPath(id, '/decisions'), { data: { decisions, absent_ids: absentIds } })),
    /** The board pack or, once decided, the minutes, as a PDF under the name the server gives it. */
    getMeetingPdf: (id: number, which: 'pack' | 'minutes') => attachmentAt(meetingPath(id, `/${which}.pdf`)),
  };
}
