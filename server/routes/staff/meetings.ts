import { attachmentHeader } from '../../uploads/fileName.js';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Requirement } from '../../../resources/abilities.js';
import { recordView } from '../../applicationCore/history.js';
import { loadViewer } from '../../auth/sessions.js';
import { staffApplication } from '../../applications/staffView.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { addChangeOfDecision, agendaLine, appendReviewed, declareConflict, setAgenda } from '../../meetings/agenda.js';
import { boardPackOf, minutesOf } from '../../meetings/documents.js';
import { decideMeeting } from '../../meetings/meetingDecisions.js';
import {
  createMeeting,
  deleteMeeting,
  listMeetings,
  meetingById,
  meetingListGrammar,
  meetingReach,
  updateMeeting,
} from '../../meetings/meetings.js';
import { boardPackPdf } from '../../meetings/pdf/boardPack.js';
import { minutesPdf } from '../../meetings/pdf/minutes.js';
import { body, data, id, knownUuids, listPageSchema, uuid, type Api } from '../schemas.js';
import { meeting, meetingDecisionsInput, meetingInput, meetingRow } from '../schemas/meetings.js';
import { staffApplication as staffApplicationSchema } from '../schemas/staffApplication.js';
import type { Reach } from '../../types.js';
import { stockholmDay } from '../../clock.js';
import { forTheBoard } from '../../meetings/boardReading.js';
import {
  bodyPeriod,
  declaresOnApplicationInPath,
  meetingPeriod,
  movedByBody,
  namesAgendaInBody,
  namesApplicationInBody,
  namesApplicationInPath,
  namesMeetingAgenda,
  periodsList,
} from '../scopes.js';

const tags = ['meetings'];
const { Optional } = Type;
const Text = Type.String;

// Those who manage meetings reach every meeting of their periods; a board member reads the meetings they belong to.
// The agenda, the pack and the minutes show each line as the reader may read it; a line's own routes are closed to
// one who stood aside from its application, but where they declare it; the board's decisions, the agenda set and the
// meeting deleted name every application of theirs, so one who stood aside from any of them leaves them to a colleague.
const either: Requirement = { anyOf: ['manage-meetings', 'attend-meetings'] };
const onMeeting = (abilities: Requirement, reaches: Reach): FastifyContextConfig => ({
  access: { abilities, scope: meetingPeriod, reaches },
});
const readMeeting = onMeeting(either, 'rows');
const readLine = onMeeting(either, namesApplicationInPath);
const declareOnLine = onMeeting(either, declaresOnApplicationInPath);
/** A meeting edited, perhaps moved to another period (whose meetings the caller must manage too). */
const editMeeting: FastifyContextConfig = {
  access: { abilities: 'manage-meetings', scope: movedByBody(meetingPeriod), reaches: 'nothing' },
};
const deleteMeetingAccess = onMeeting('manage-meetings', namesMeetingAgenda);
const appendToAgenda = onMeeting('manage-meetings', 'rows');
const setAgendaAccess = onMeeting('manage-meetings', namesAgendaInBody);
const changeDecisionAccess = onMeeting('manage-meetings', namesApplicationInBody);
const decideMeetingAccess = onMeeting({ allOf: ['manage-meetings', 'manage-applications'] }, namesMeetingAgenda);

const params = Type.Object({ id });
const lineParams = Type.Object({ id, uuid: Text() });
const meetingAnswer = { 200: data(meeting) };
/** Documents the query; the values are checked by parseListQuery, with translated 422s. */
const described = (description: string) => Optional(Type.Unknown({ description }));

const reach = (request: FastifyRequest) => meetingReach(request.abilities, request.staff!.id);

/**
 * Board meetings: prepared by those who manage meetings (members, chair and adjuster, the agenda), read by their
 * members, who declare their conflicts of interest; the board pack and, once the decisions are entered in one go,
 * the minutes, as PDFs in the caller's language.
 */
export default async function meetingRoutes(app: Api) {
  const { db } = app;
  const answer = async (request: FastifyRequest, meetingId: number) => ({
    data: await meetingById(db, meetingId, request.viewer),
  });

  app.get(
    '/meetings',
    {
      config: { access: { abilities: either, scope: periodsList, reaches: 'nothing' } },
      schema: {
        tags,
        summary:
          'The meetings of the periods the caller manages meetings for, and those they are a member of; 50 a page, latest first; sort by held_on or period; filter by period',
        querystring: Type.Object({
          page: described('From 1'),
          per_page: described('50 unless given; at most 100'),
          sort: described('held_on (default, latest first) or period'),
          direction: described('asc or desc'),
          period: described('A period id'),
        }),
        response: { 200: listPageSchema(meetingRow) },
      },
    },
    async (request) => ({ data: await listMeetings(db, parseListQuery(meetingListGrammar, request.query), reach(request)) }),
  );

  app.post(
    '/meetings',
    {
      config: { access: { abilities: 'manage-meetings', scope: bodyPeriod, reaches: 'nothing' } },
      schema: {
        tags,
        summary: 'A new meeting of a period: its members (active staff users), the chair and the adjuster among them (two people)',
        body: meetingInput,
        response: { 201: data(meeting) },
      },
    },
    async (request, reply) => {
      const meetingId = await createMeeting(db, request.body.data);
      return reply.status(201).send(await answer(request, meetingId));
    },
  );

  app.get(
    '/meetings/:id',
    {
      config: readMeeting,
      schema: { tags, summary: 'One meeting with its agenda, totals and the caller’s declarations', params, response: meetingAnswer },
    },
    (request) => answer(request, request.params.id),
  );

  app.put(
    '/meetings/:id',
    {
      config: editMeeting,
      schema: {
        tags,
        summary: 'Edits a meeting before its decisions (409 after); its period changes only while its agenda is empty',
        params,
        body: meetingInput,
        response: meetingAnswer,
      },
    },
    async (request) => {
      await updateMeeting(db, request.params.id, request.body.data);
      return answer(request, request.params.id);
    },
  );

  app.delete(
    '/meetings/:id',
    {
      config: deleteMeetingAccess,
      schema: {
        tags,
        summary:
          'Deletes a meeting before its decisions (409 after), its agenda with it; 403 errors.conflict_of_interest_in when the caller stood aside from an application on it',
        params,
      },
    },
    async (request, reply) => {
      await deleteMeeting(db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/meetings/:id/agenda',
    {
      config: setAgendaAccess,
      schema: {
        tags,
        summary:
          'Sets the whole agenda in order: applications sent in, undecided, of the meeting’s period, each once (422 errors.application_uuids); 403 errors.conflict_of_interest_in when the caller stood aside from any of them',
        params,
        body: body({ application_uuids: Type.Array(uuid, { maxItems: 500 }) }),
        response: meetingAnswer,
      },
    },
    async (request) => {
      await setAgenda(db, request.params.id, request.body.data.application_uuids);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/meetings/:id/agenda/changes',
    {
      config: changeDecisionAccess,
      schema: {
        tags,
        summary:
          'Takes up, last on the agenda, a change of the decision an earlier meeting of the period took on an application ("ändrat beslut"), with the reason; the board decides it with the rest of the agenda. 422 errors.application_uuid when no earlier meeting decided it or it is on the agenda already; 403 errors.conflict_of_interest when the caller stood aside from it',
        params,
        body: body({ application_uuid: uuid, reason: Text({ minLength: 1, maxLength: 2000 }) }),
        response: meetingAnswer,
      },
    },
    async (request) => {
      await addChangeOfDecision(db, request.params.id, request.body.data.application_uuid, request.body.data.reason);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/meetings/:id/agenda/reviewed',
    {
      config: appendToAgenda,
      schema: {
        tags,
        summary:
          'Appends the period’s sent-in, undecided applications with reviews in and none pending, not yet on the agenda, but those the caller stood aside from (a colleague puts them on)',
        params,
        response: meetingAnswer,
      },
    },
    async (request) => {
      await appendReviewed(db, request.params.id, request.viewer);
      return answer(request, request.params.id);
    },
  );

  app.put(
    '/meetings/:id/agenda/:uuid/conflict',
    {
      config: declareOnLine,
      schema: {
        tags,
        summary:
          'The caller, a member, declares whether they have a conflict of interest with one agenda line (403 for others), before the decisions (409 after): a conflict stands them aside from the application for good (422 errors.conflict_is_final on declaring none after it), in its history',
        params: lineParams,
        body: body({ conflict_of_interest: Type.Boolean() }),
        response: meetingAnswer,
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const { conflict_of_interest } = request.body.data;
      const me = request.staff!.id;
      await declareConflict(db, request.params.id, request.params.uuid, me, conflict_of_interest, app.clock.now());
      // Where the caller stands now: a conflict just declared closes the line to them in this answer too.
      return { data: await meetingById(db, request.params.id, await loadViewer(db, me)) };
    },
  );

  app.get(
    '/meetings/:id/applications/:uuid',
    {
      config: readLine,
      schema: {
        tags,
        summary:
          'An application on the agenda as the board reads it (without the contact person’s e-mail, phone and address, or the applicant’s e-mail), for those who reach the meeting; 403 errors.conflict_of_interest to one who stood aside from it. Recorded in its history as viewed',
        params: lineParams,
        response: { 200: data(staffApplicationSchema) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      await agendaLine(db, request.params.id, request.params.uuid);
      const application = await staffApplication(db, request.params.uuid);
      await recordView(db, application.id, request.staff!.id, app.clock.now());
      return { data: forTheBoard(application) };
    },
  );

  app.get(
    '/meetings/:id/pack.pdf',
    {
      config: readMeeting,
      schema: {
        tags,
        summary:
          'The board pack as a PDF in the language of Accept-Language: the agenda with the totals, then a page per application with its reviews (none for those the caller stood aside from, no one else’s reviews where the caller’s own is not in)',
        params,
      },
    },
    async (request, reply) => {
      const pack = await boardPackOf(db, request.params.id, request.viewer, request.locale, app.config.productName);
      const pdf = await boardPackPdf(pack, request);
      const filename = request.t('meetings.pdf.pack.filename', { date: pack.meeting.held_on });
      return reply.type('application/pdf').header('Content-Disposition', attachmentHeader(filename)).send(pdf);
    },
  );

  app.post(
    '/meetings/:id/decisions',
    {
      config: decideMeetingAccess,
      schema: {
        tags,
        summary:
          'The board’s decisions on the whole agenda, saved together or not at all under the period’s cap; each is the application’s decision (history, grant), dated the meeting’s day, and stands until a later meeting changes it. 409 once the meeting is decided, errors.meeting_not_held before its day, errors.decided_at_another_meeting where another meeting decided a line’s application, errors.change_overtaken where a changed decision’s decision changed since; 422 by line (decisions.<index>.amount); 403 errors.conflict_of_interest_in when the caller stood aside from any application on the agenda (a colleague enters them)',
        params,
        body: meetingDecisionsInput,
        response: meetingAnswer,
      },
    },
    async (request) => {
      const today = stockholmDay(app.clock.now());
      await decideMeeting(db, request.params.id, request.body.data, request.staff!.id, request.locale, today);
      return answer(request, request.params.id);
    },
  );

  app.get(
    '/meetings/:id/minutes.pdf',
    {
      config: readMeeting,
      schema: {
        tags,
        summary:
          'The minutes of decisions as a PDF in the language of Accept-Language; 409 errors.meeting_not_decided before the decisions',
        params,
      },
    },
    async (request, reply) => {
      const minutes = await minutesOf(db, request.params.id, request.viewer, app.config.productName);
      const pdf = await minutesPdf(minutes, request);
      const filename = request.t('meetings.pdf.minutes.filename', { date: minutes.meeting.held_on });
      return reply.type('application/pdf').header('Content-Disposition', attachmentHeader(filename)).send(pdf);
    },
  );
}
