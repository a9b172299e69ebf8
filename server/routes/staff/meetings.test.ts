import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatDate, formatMoney } from '../../../resources/format.js';
import { historyOf } from '../../test/handlingFixtures.js';
import { applicationWithReviews, createNamedStaff, meetingPeriod, oneSpace, pdfText, reviewedType } from '../../test/meetingFixtures.js';
import { call, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { approved, rejected, ongoing, received } = enums.application_status;
const { grant, reject } = enums.investigation_status;

let t: TestApp;
let admin: string;
let adminId: number;
/** Board members (role styrelse): Bo chairs, Cecilia adjusts, Dan sits with them; Eva is on no meeting but her own. */
const board = { bo: 0, cecilia: 0, dan: 0, eva: 0 };
let dan: string;
let eva: string;
/** Reviewers (role utredare). */
const reviewers = { greta: 0, hans: 0, ivar: 0 };

const sv = { 'accept-language': 'sv-SE' };
const en = { 'accept-language': 'en-US' };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, data?: unknown, headers = sv) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, headers, payload: data === undefined ? undefined : { data } });
const money = (ore: number, locale = 'sv-SE') => oneSpace(formatMoney(ore, locale));

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createNamedStaff(t.db, 'Anna', 'Administratör', 'admin');
  adminId = staff.id;
  admin = await sessionCookie(t.app, staff.email);
  const bo = await createNamedStaff(t.db, 'Bo', 'Ordförande');
  const cecilia = await createNamedStaff(t.db, 'Cecilia', 'Justerare');
  const danUser = await createNamedStaff(t.db, 'Dan', 'Ledamot');
  const evaUser = await createNamedStaff(t.db, 'Eva', 'Utanför');
  Object.assign(board, { bo: bo.id, cecilia: cecilia.id, dan: danUser.id, eva: evaUser.id });
  dan = await sessionCookie(t.app, danUser.email);
  eva = await sessionCookie(t.app, evaUser.email);
  for (const [key, first] of [
    ['greta', 'Greta'],
    ['hans', 'Hans'],
    ['ivar', 'Ivar'],
  ] as const)
    reviewers[key] = (await createNamedStaff(t.db, first, 'Granskare', 'utredare')).id;
});
afterAll(() => t.close());

/** A meeting's body: the board of three, Bo in the chair and Cecilia adjusting. */
const meetingBody = (periodId: number, extra: Record<string, unknown> = {}) => ({
  period_id: periodId,
  held_on: '2026-04-15',
  place: 'Sparbankshuset, Storgatan 1',
  member_ids: [board.bo, board.cecilia, board.dan],
  chair_id: board.bo,
  adjuster_id: board.cecilia,
  ...extra,
});

async function createMeeting(periodId: number, extra: Record<string, unknown> = {}) {
  const created = await api('POST', '/meetings', admin, meetingBody(periodId, extra));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { id: number };
}

/** An application sent in to the period with its reviews' figures: in and pending as given. */
const withFigures = (periodId: number, inCount: number, pending: number, status: number = ongoing) =>
  applicationWithReviews(t.db, {
    periodId,
    firstName: 'Sara',
    lastName: 'Sökande',
    money: 10_000_00,
    status,
    figures: { score: inCount ? 7000 : null, spread: 0, in: inCount, pending },
  });

describe('meetings', () => {
  it('creates, edits and lists a meeting, with its members, chair and adjuster', async () => {
    const period = await meetingPeriod(t.db);
    const created = await api('POST', '/meetings', admin, meetingBody(period.id));
    expect(created.statusCode).toBe(201);
    const meeting = created.json().data;
    expect(meeting).toMatchObject({
      period: { id: period.id, uuid: period.uuid },
      held_on: '2026-04-15',
      place: 'Sparbankshuset, Storgatan 1',
      chair: { id: board.bo, name: 'Bo Ordförande' },
      adjuster: { id: board.cecilia, name: 'Cecilia Justerare' },
      agenda_count: 0,
      decided_at: null,
      agenda: [],
      my_conflicts: {},
      totals: { applied: 0, proposed: 0, decided: 0 },
    });
    // By name, in Swedish order.
    expect(meeting.members.map((m: { name: string }) => m.name)).toEqual(['Cecilia Justerare', 'Dan Ledamot', 'Bo Ordförande']);

    const edited = await api(
      'PUT',
      `/meetings/${meeting.id}`,
      admin,
      meetingBody(period.id, { place: 'Stiftelsens kontor', held_on: '2026-05-20' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ place: 'Stiftelsens kontor', held_on: '2026-05-20', secretary: null, starts_at: null });

    // The secretary may be any active staff user, a member or not; the time is the day's, its end after its start.
    const timed = await api(
      'PUT',
      `/meetings/${meeting.id}`,
      admin,
      meetingBody(period.id, { secretary_id: board.eva, starts_at: '18:00', ends_at: '19:30' }),
    );
    expect(timed.statusCode, timed.body).toBe(200);
    expect(timed.json().data).toMatchObject({ secretary: { id: board.eva }, starts_at: '18:00', ends_at: '19:30', minutes: null });
    const badTime = await api('PUT', `/meetings/${meeting.id}`, admin, meetingBody(period.id, { starts_at: '25:00', ends_at: '17:00' }));
    expect(badTime.json().errors).toEqual({ starts_at: ['Ange en tid som TT:MM, t.ex. 18:00.'] });
    const backwards = await api('PUT', `/meetings/${meeting.id}`, admin, meetingBody(period.id, { starts_at: '18:00', ends_at: '17:00' }));
    expect(backwards.json().errors).toEqual({ ends_at: ['Mötet kan inte sluta innan det börjar.'] });

    const later = await createMeeting(period.id, { held_on: '2026-06-01' });
    const list = await api('GET', `/meetings?period=${period.id}`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, current_page: 1, per_page: 50 });
    expect(list.json().data.data.map((m: { id: number }) => m.id)).toEqual([later.id, meeting.id]);
    expect(list.json().data.data[1]).toEqual({
      id: meeting.id,
      period: { id: period.id, uuid: period.uuid, name: expect.any(String) },
      held_on: '2026-04-15',
      starts_at: '18:00',
      ends_at: '19:30',
      place: 'Sparbankshuset, Storgatan 1',
      chair: { id: board.bo, name: 'Bo Ordförande' },
      adjuster: { id: board.cecilia, name: 'Cecilia Justerare' },
      secretary: { id: board.eva, name: 'Eva Utanför' },
      minutes: null,
      members: expect.any(Array),
      agenda_count: 0,
      decided_at: null,
    });
    const ascending = await api('GET', `/meetings?period=${period.id}&sort=held_on&direction=asc`, admin);
    expect(ascending.json().data.data.map((m: { id: number }) => m.id)).toEqual([meeting.id, later.id]);
    expect((await api('GET', '/meetings?sort=place', admin)).statusCode).toBe(422);

    const deleted = await api('DELETE', `/meetings/${later.id}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect((await api('GET', `/meetings/${later.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a chair or adjuster who is no member, an inactive member, and a date that is none, in the caller’s language', async () => {
    const period = await meetingPeriod(t.db);
    const outsider = await api('POST', '/meetings', admin, meetingBody(period.id, { chair_id: board.eva }));
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors).toEqual({ chair_id: ['Fältet ordförande måste vara en av mötets ledamöter.'] });
    const english = await api('POST', '/meetings', admin, meetingBody(period.id, { adjuster_id: board.eva }), en);
    expect(english.json().errors).toEqual({ adjuster_id: ['The minutes checker must be one of the meeting’s members.'] });
    const same = await api('POST', '/meetings', admin, meetingBody(period.id, { adjuster_id: board.bo }));
    expect(same.json().errors).toEqual({ adjuster_id: ['Justeraren ska vara en annan ledamot än ordföranden.'] });

    const gone = await createNamedStaff(t.db, 'Gustav', 'Avgången');
    await t.db.updateTable('users').set({ active: false }).where('id', '=', gone.id).execute();
    const inactive = await api(
      'POST',
      '/meetings',
      admin,
      meetingBody(period.id, { member_ids: [board.bo, board.cecilia, gone.id], held_on: '2026-02-30' }),
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors).toEqual({
      member_ids: ['Välj ledamöter bland de aktiva användarna.'],
      held_on: ['Fältet datum är inte ett giltigt datum.'],
    });
    const empty = await api('POST', '/meetings', admin, meetingBody(period.id, { place: '' }));
    expect(empty.json().errors).toEqual({ place: ['Fältet plats är obligatoriskt.'] });
    expect((await api('GET', `/meetings?period=${period.id}`, admin)).json().data.total).toBe(0);
  });

  it('shows a board member only the meetings they belong to (another’s is unknown), and lets them change nothing', async () => {
    const period = await meetingPeriod(t.db);
    const theirs = await createMeeting(period.id, { member_ids: [board.bo, board.cecilia, board.eva] });
    const other = await createMeeting(period.id);
    const application = await withFigures(period.id, 1, 0);

    const list = await api('GET', '/meetings', eva);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data.map((m: { id: number }) => m.id)).toEqual([theirs.id]);
    expect((await api('GET', `/meetings/${theirs.id}`, eva)).statusCode).toBe(200);
    for (const url of [`/meetings/${other.id}`, `/meetings/${other.id}/pack.pdf`, `/meetings/${other.id}/minutes.pdf`])
      expect((await api('GET', url, eva)).statusCode, url).toBe(404);

    expect((await api('POST', '/meetings', eva, meetingBody(period.id))).statusCode).toBe(403);
    expect((await api('PUT', `/meetings/${theirs.id}`, eva, meetingBody(period.id))).statusCode).toBe(403);
    expect((await api('DELETE', `/meetings/${theirs.id}`, eva)).statusCode).toBe(403);
    expect((await api('PUT', `/meetings/${theirs.id}/agenda`, eva, { application_uuids: [application.uuid] })).statusCode).toBe(403);
    expect((await api('POST', `/meetings/${theirs.id}/agenda/reviewed`, eva)).statusCode).toBe(403);
    const decisions = { decisions: [{ application_uuid: application.uuid, status: rejected, amount: null }] };
    expect((await api('POST', `/meetings/${theirs.id}/decisions`, eva, decisions)).statusCode).toBe(403);
  });

  it('lets one who manages meetings for one period reach that period’s meetings alone', async () => {
    const [mine, other] = [await meetingPeriod(t.db), await meetingPeriod(t.db)];
    const ownMeeting = await createMeeting(mine.id);
    const otherMeeting = await createMeeting(other.id);
    const holder = await createNamedStaff(t.db, 'Per', 'Periodsson', 'utredare');
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: holder.id, ability: 'manage-meetings', entity_type: 'periods', entity_id: mine.id })
      .execute();
    const cookie = await sessionCookie(t.app, holder.email);
    const list = await api('GET', '/meetings', cookie);
    expect(list.json().data.data.map((m: { id: number }) => m.id)).toEqual([ownMeeting.id]);
    expect((await api('GET', `/meetings/${ownMeeting.id}`, cookie)).statusCode).toBe(200);
    expect((await api('PUT', `/meetings/${ownMeeting.id}`, cookie, meetingBody(mine.id, { place: 'Ny plats' }))).statusCode).toBe(200);
    expect((await api('GET', `/meetings/${otherMeeting.id}`, cookie)).statusCode).toBe(403);
    expect((await api('POST', '/meetings', cookie, meetingBody(other.id))).statusCode).toBe(403);
    // Nor moved into a period they do not hold.
    expect((await api('PUT', `/meetings/${ownMeeting.id}`, cookie, meetingBody(other.id))).statusCode).toBe(403);
  });

  it('gives the role styrelse attend-meetings alone: no applications list, no application', async () => {
    const period = await meetingPeriod(t.db);
    const application = await withFigures(period.id, 1, 0);
    expect((await api('GET', '/applications/all', dan)).statusCode).toBe(403);
    expect((await api('GET', `/applications/${application.uuid}`, dan)).statusCode).toBe(403);
    expect((await api('GET', '/meetings', dan)).statusCode).toBe(200);
  });
});

describe('the agenda', () => {
  it('is set in order, gains the period’s reviewed applications, and refuses another period’s or a decided application', async () => {
    const period = await meetingPeriod(t.db);
    const meeting = await createMeeting(period.id);
    const reviewed = await withFigures(period.id, 2, 0);
    const pending = await withFigures(period.id, 1, 1);
    const unreviewed = await withFigures(period.id, 0, 0, received);
    const decided = await withFigures(period.id, 2, 0, approved);
    const elsewhere = await withFigures((await meetingPeriod(t.db)).id, 2, 0);
    const agendaOf = (answer: { json(): { data: { agenda: { position: number; application: { uuid: string } }[] } } }) =>
      answer.json().data.agenda.map((line) => line.application.uuid);

    const set = await api('PUT', `/meetings/${meeting.id}/agenda`, admin, { application_uuids: [unreviewed.uuid] });
    expect(set.statusCode).toBe(200);
    expect(agendaOf(set)).toEqual([unreviewed.uuid]);

    const appended = await api('POST', `/meetings/${meeting.id}/agenda/reviewed`, admin);
    expect(appended.statusCode).toBe(200);
    expect(agendaOf(appended)).toEqual([unreviewed.uuid, reviewed.uuid]);
    expect(appended.json().data.agenda_count).toBe(2);
    // Again: nothing more is ready.
    expect(agendaOf(await api('POST', `/meetings/${meeting.id}/agenda/reviewed`, admin))).toEqual([unreviewed.uuid, reviewed.uuid]);

    const reordered = await api('PUT', `/meetings/${meeting.id}/agenda`, admin, {
      application_uuids: [reviewed.uuid, pending.uuid, unreviewed.uuid],
    });
    expect(agendaOf(reordered)).toEqual([reviewed.uuid, pending.uuid, unreviewed.uuid]);
    expect(reordered.json().data.agenda[0]).toMatchObject({
      position: 0,
      application: { reference: reviewed.reference, status: ongoing, applicant: 'Sara Sökande', money: 10_000_00 },
      decided_status: null,
      decided_amount: null,
      conflicts: [],
    });

    for (const refused of [elsewhere, decided]) {
      const answer = await api('PUT', `/meetings/${meeting.id}/agenda`, admin, { application_uuids: [reviewed.uuid, refused.uuid] });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({
        application_uuids: [
          `Dessa kan inte tas upp på dagordningen: ${refused.reference}. En ansökan ska vara inskickad, obeslutad och höra till mötets period, och finnas med en gång.`,
        ],
      });
    }
    expect(agendaOf(await api('GET', `/meetings/${meeting.id}`, admin))).toEqual([reviewed.uuid, pending.uuid, unreviewed.uuid]);

    // With items of its period on the agenda the meeting keeps its period.
    const moved = await api('PUT', `/meetings/${meeting.id}`, admin, meetingBody((await meetingPeriod(t.db)).id));
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['period_id']);
  });

  it('takes a member’s declaration of a conflict of interest, which closes that application to them', async () => {
    const period = await meetingPeriod(t.db);
    const meeting = await createMeeting(period.id);
    const first = await withFigures(period.id, 1, 0);
    const second = await withFigures(period.id, 1, 0);
    await api('PUT', `/meetings/${meeting.id}/agenda`, admin, { application_uuids: [first.uuid, second.uuid] });

    const declared = await api('PUT', `/meetings/${meeting.id}/agenda/${first.uuid}/conflict`, dan, { conflict_of_interest: true });
    expect(declared.statusCode).toBe(200);
    expect(declared.json().data.my_conflicts).toEqual({ [first.uuid]: true });
    expect(declared.json().data.agenda[0].conflicts).toEqual([{ user_id: board.dan, name: 'Dan Ledamot' }]);
    const none = await api('PUT', `/meetings/${meeting.id}/agenda/${second.uuid}/conflict`, dan, { conflict_of_interest: false });
    expect(none.json().data.my_conflicts).toEqual({ [first.uuid]: true, [second.uuid]: false });
    expect(none.json().data.agenda[1].conflicts).toEqual([]);
    // Others see the declaration on the line, not as their own.
    const asAdmin = (await api('GET', `/meetings/${meeting.id}`, admin)).json().data;
    expect(asAdmin.my_conflicts).toEqual({});
    expect(asAdmin.agenda[0].conflicts).toEqual([{ user_id: board.dan, name: 'Dan Ledamot' }]);

    // The answer to the declaration already reads the line as one who stood aside: its reference, applicant, status.
    expect(declared.json().data.agenda[0]).toMatchObject({
      withheld: 'stood_aside',
      application: { uuid: first.uuid, money: null, review: null, proposed_amount: null },
    });
    const closed = await api('GET', `/meetings/${meeting.id}/applications/${first.uuid}`, dan);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ message: 'Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.' });
    // A conflict is final, here and everywhere: declaring none after it is refused, and both are in the history.
    const back = await api('PUT', `/meetings/${meeting.id}/agenda/${first.uuid}/conflict`, dan, { conflict_of_interest: false });
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe('Du har anmält jäv för den här ansökan, och det går inte att ändra.');
    expect((await historyOf(t.db, first.id)).map((h) => [h.action, h.user_id, h.after])).toEqual([
      ['conflict_declared', board.dan, { conflict_of_interest: true, meeting_id: meeting.id }],
    ]);
    const open = await api('GET', `/meetings/${meeting.id}/applications/${second.uuid}`, dan);
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toMatchObject({ uuid: second.uuid, reference: second.reference });
    // What the board decides on, not how to reach the people behind it.
    await t.db
      .updateTable('applications')
      .set({ contact_email: 'kontakt@exempel.se', contact_phone: '070-123 45 67', contact_address: 'Storgatan 1' })
      .where('id', '=', second.id)
      .execute();
    const minimised = (await api('GET', `/meetings/${meeting.id}/applications/${second.uuid}`, dan)).json().data;
    expect(minimised).toMatchObject({ contact_email: null, contact_phone: null, contact_address: null });
    expect(minimised.applicant?.email ?? '').toBe('');
    expect(JSON.stringify(minimised)).not.toContain('kontakt@exempel.se');
    expect((await historyOf(t.db, second.id)).map((h) => [h.action, h.user_id])).toEqual([
      ['conflict_declared', board.dan],
      ['viewed', board.dan],
    ]);
    const notOnAgenda = await withFigures(period.id, 1, 0);
    expect((await api('GET', `/meetings/${meeting.id}/applications/${notOnAgenda.uuid}`, dan)).statusCode).toBe(404);

    // Only members declare: staff who manage the meeting without sitting on it are refused, outsiders do not see it.
    const notMember = await api('PUT', `/meetings/${meeting.id}/agenda/${first.uuid}/conflict`, admin, { conflict_of_interest: true });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().message).toBe('Bara mötets ledamöter kan anmäla jäv.');
    expect(
      (await api('PUT', `/meetings/${meeting.id}/agenda/${first.uuid}/conflict`, eva, { conflict_of_interest: true })).statusCode,
    ).toBe(404);
  });
});

/**
 * A capped period of 1 000 000 kr with 200 000 kr approved outside the meeting, and a meeting of Bo, Cecilia and Dan
 * with two reviewed applications: Åsa Öström's (two reviews in, one reviewer stood aside) and Björn Ek's (one review).
 */
async function reviewedMeeting() {
  const period = await meetingPeriod(t.db, 1_000_000_00);
  const outside = await withFigures(period.id, 0, 0);
  await t.db.updateTable('applications').set({ status: approved, approved_money: 200_000_00 }).where('id', '=', outside.id).execute();
  const type = await reviewedType(t.db, [
    { label: 'Relevans för bygden', scale_max: 5, weight: 2 },
    { label: 'Genomförbarhet', scale_max: 5, weight: 1 },
  ]);
  const [relevance, feasibility] = type.criterionIds;
  const asa = await applicationWithReviews(t.db, {
    periodId: period.id,
    firstName: 'Åsa',
    lastName: 'Öström',
    money: 150_000_00,
    typeId: type.typeId,
    answers: { [type.questionId]: 'Fler unga ska börja spela bandy på isbanan vid älven.' },
    category: 'Idrott för unga',
    // (2×5 + 1×4) / 15 = 93,3 % and (2×4 + 1×3) / 15 = 73,3 %: the mean 83,3 %, the spread 20,0 %.
    reviews: [
      {
        userId: reviewers.greta,
        scores: { [relevance]: 5, [feasibility]: 4 },
        amount: 120_000_00,
        status: grant,
        comment: 'Stark förankring i bygden.',
      },
      { userId: reviewers.hans, scores: { [relevance]: 4, [feasibility]: 3 }, amount: 100_000_00, status: grant },
      { userId: reviewers.ivar, conflict: true },
    ],
    figures: { score: 8333, spread: 2000, in: 2, pending: 0 },
  });
  const bjorn = await applicationWithReviews(t.db, {
    periodId: period.id,
    firstName: 'Björn',
    lastName: 'Ek',
    orgName: 'Föreningen Älvdalens Vänner',
    money: 80_000_00,
    typeId: type.typeId,
    reviews: [{ userId: reviewers.greta, scores: { [relevance]: 2, [feasibility]: 2 }, status: reject, comment: 'Oklar budget.' }],
    figures: { score: 4000, spread: 0, in: 1, pending: 0 },
  });
  const meeting = await createMeeting(period.id);
  const agenda = await api('PUT', `/meetings/${meeting.id}/agenda`, admin, { application_uuids: [asa.uuid, bjorn.uuid] });
  expect(agenda.statusCode).toBe(200);
  return { period, meeting, asa, bjorn, outside, answer: agenda.json().data };
}

describe('the board pack', () => {
  it('answers each line’s proposal and the totals against the period’s amount', async () => {
    const { answer, asa, bjorn } = await reviewedMeeting();
    expect(answer.agenda.map((line: { application: unknown }) => line.application)).toEqual([
      {
        uuid: asa.uuid,
        reference: asa.reference,
        status: ongoing,
        applicant: 'Åsa Öström',
        organisation: null,
        category: 'Idrott för unga',
        money: 150_000_00,
        proposed_amount: 110_000_00,
        proposal: 'approve',
        review: { score: 8333, spread: 2000, reviews_in: 2, reviews_pending: 0 },
      },
      {
        uuid: bjorn.uuid,
        reference: bjorn.reference,
        status: ongoing,
        applicant: 'Björn Ek',
        organisation: 'Föreningen Älvdalens Vänner',
        category: null,
        money: 80_000_00,
        proposed_amount: null,
        proposal: 'reject',
        review: { score: 4000, spread: 0, reviews_in: 1, reviews_pending: 0 },
      },
    ]);
    expect(answer.totals).toEqual({
      applied: 230_000_00,
      proposed: 110_000_00,
      decided: 0,
      available_money: 1_000_000_00,
      approved_elsewhere: 200_000_00,
      remaining: 800_000_00,
      withheld_lines: 0,
    });
    expect(answer.agenda.map((line: { withheld: unknown }) => line.withheld)).toEqual([null, null]);
  });

  it('reads back in Swedish and English: names, amounts, totals, what remains and the scores', async () => {
    const { meeting, asa, bjorn } = await reviewedMeeting();
    const swedish = await api('GET', `/meetings/${meeting.id}/pack.pdf`, dan);
    expect(swedish.statusCode).toBe(200);
    expect(swedish.headers['content-type']).toBe('application/pdf');
    expect(swedish.headers['content-disposition']).toBe(
      `attachment; filename="styrelseunderlag-2026-04-15.pdf"; filename*=UTF-8''styrelseunderlag-2026-04-15.pdf`,
    );
    const text = pdfText(swedish.rawPayload);
    for (const expected of [
      'Styrelseunderlag',
      'Sparbankshuset, Storgatan 1',
      'Bo Ordförande',
      'Cecilia Justerare',
      asa.reference,
      'Åsa Öström',
      'Idrott för unga',
      bjorn.reference,
      'Björn Ek',
      'Föreningen Älvdalens Vänner',
      // Applied, proposed, the totals, the period's amount, what is approved outside the meeting, what remains.
      money(150_000_00),
      money(80_000_00),
      money(110_000_00),
      money(230_000_00),
      money(1_000_000_00),
      money(200_000_00),
      `Kvar att fördela ${money(800_000_00)}`,
      `Kvar efter förslagen ${money(690_000_00)}`,
      // The weighted scores: the applications' and each reviewer's.
      '83,3 %',
      '93,3 %',
      '73,3 %',
      '40,0 %',
      'Relevans för bygden',
      '5 av 5',
      'Stark förankring i bygden.',
      'Oklar budget.',
      'Beskriv projektets mål',
      'Fler unga ska börja spela bandy på isbanan vid älven.',
      'Avstod på grund av jäv: Ivar Granskare',
      'Bevilja',
      'Avslå',
    ])
      expect(text, expected).toContain(expected);

    const english = await api('GET', `/meetings/${meeting.id}/pack.pdf`, admin, undefined, en);
    expect(english.headers['content-disposition']).toBe(
      `attachment; filename="board-pack-2026-04-15.pdf"; filename*=UTF-8''board-pack-2026-04-15.pdf`,
    );
    const englishText = pdfText(english.rawPayload);
    for (const expected of [
      'Board pack',
      'Åsa Öström',
      money(150_000_00, 'en-US'),
      `Left to distribute ${money(800_000_00, 'en-US')}`,
      '83.3%',
      '5 of 5',
      'Stood aside for a conflict of interest: Ivar Granskare',
    ])
      expect(englishText, expected).toContain(expected);
  });

  it('has no page for an application its reader stood aside from, only its summary line', async () => {
    const { meeting, asa } = await reviewedMeeting();
    await api('PUT', `/meetings/${meeting.id}/agenda/${asa.uuid}/conflict`, dan, { conflict_of_interest: true });
    const text = pdfText((await api('GET', `/meetings/${meeting.id}/pack.pdf`, dan)).rawPayload);
    expect(text).toContain(asa.reference);
    expect(text).toContain('Åsa Öström');
    expect(text).toContain(`Du har anmält jäv för ${asa.reference}.`);
    for (const hidden of ['Stark förankring i bygden.', 'Fler unga ska börja spela bandy', '93,3 %']) expect(text).not.toContain(hidden);
    // Björn Ek's page is there; the others' packs keep Åsa Öström's.
    expect(text).toContain('Oklar budget.');
    expect(pdfText((await api('GET', `/meetings/${meeting.id}/pack.pdf`, admin)).rawPayload)).toContain('Stark förankring i bygden.');
  });
});

describe('the decisions', () => {
  const decide = (meetingId: number, decisions: unknown[], headers = sv) =>
    api('POST', `/meetings/${meetingId}/decisions`, admin, { decisions }, headers);
  const statusOf = (id: number) =>
    t.db.selectFrom('applications').select(['status', 'approved_money', 'decided_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const grantOf = (id: number) => t.db.selectFrom('grants').select('application_id').where('application_id', '=', id).executeTakeFirst();

  it('are not entered, the agenda not set and the meeting not deleted by one who stood aside from a line; a colleague does', async () => {
    const { meeting, asa, bjorn } = await reviewedMeeting();
    // A second administrator who sits on the board and stands aside from Åsa's application at the meeting.
    const member = await createNamedStaff(t.db, 'Frida', 'Förvaltare', 'admin');
    const frida = await sessionCookie(t.app, member.email);
    const body = {
      period_id: (await t.db.selectFrom('meetings').select('period_id').where('id', '=', meeting.id).executeTakeFirstOrThrow()).period_id,
    };
    const edited = await api('PUT', `/meetings/${meeting.id}`, admin, {
      ...body,
      held_on: '2026-04-15',
      place: 'Sparbankshuset, Storgatan 1',
      member_ids: [board.bo, board.cecilia, board.dan, member.id],
      chair_id: board.bo,
      adjuster_id: board.cecilia,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await api('PUT', `/meetings/${meeting.id}/agenda/${asa.uuid}/conflict`, frida, { conflict_of_interest: true })).statusCode,
    ).toBe(200);

    const decisions = [
      { application_uuid: asa.uuid, status: approved, amount: 100_000_00 },
      { application_uuid: bjorn.uuid, status: rejected, amount: null },
    ];
    const refused = await api('POST', `/meetings/${meeting.id}/decisions`, frida, { decisions });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Du har anmält jäv för ${asa.reference}, så det här får en kollega göra.`);
    const english = await api('POST', `/meetings/${meeting.id}/decisions`, frida, { decisions }, en);
    expect(english.json().message).toBe(`You have declared a conflict of interest with ${asa.reference}, so a colleague must do this.`);
    expect(await statusOf(asa.id)).toMatchObject({ status: ongoing, approved_money: null });
    expect((await api('PUT', `/meetings/${meeting.id}/agenda`, frida, { application_uuids: [bjorn.uuid, asa.uuid] })).statusCode).toBe(403);
    expect((await api('DELETE', `/meetings/${meeting.id}`, frida)).statusCode).toBe(403);
    // Her answer to the meeting reads Åsa's line without its amounts; Björn's she reads whole.
    const read = (await api('GET', `/meetings/${meeting.id}`, frida)).json().data;
    expect(read.agenda.map((line: { withheld: string | null }) => line.withheld)).toEqual(['stood_aside', null]);
    expect(read.totals).toMatchObject({ applied: 80_000_00, withheld_lines: 1 });

    expect((await decide(meeting.id, decisions)).statusCode).toBe(200);
    expect(await statusOf(asa.id)).toMatchObject({ status: approved, approved_money: 100_000_00 });
  });

  it('saves the whole agenda’s decisions together, each as the application’s decision, and not a second time', async () => {
    const { meeting, asa, bjorn, period } = await reviewedMeeting();
    const saved = await decide(meeting.id, [
      { application_uuid: bjorn.uuid, status: rejected, amount: null },
      { application_uuid: asa.uuid, status: approved, amount: 110_000_00 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data;
    expect(data.decided_at).toEqual(expect.any(String));
    expect(
      data.agenda.map((line: { decided_status: number; decided_amount: number | null }) => [line.decided_status, line.decided_amount]),
    ).toEqual([
      [approved, 110_000_00],
      [rejected, null],
    ]);
    expect(data.totals).toMatchObject({ decided: 110_000_00, approved_elsewhere: 200_000_00, remaining: 800_000_00 });

    // Dated the meeting's day (15 April, from midnight in Stockholm), not the day they were entered.
    expect(await statusOf(asa.id)).toMatchObject({
      status: approved,
      approved_money: 110_000_00,
      decided_at: new Date('2026-04-14T22:00:00Z'),
    });
    expect(await statusOf(bjorn.id)).toMatchObject({ status: rejected, approved_money: null });
    expect(await historyOf(t.db, asa.id)).toEqual([
      {
        user_id: adminId,
        action: 'decision',
        before: { status: ongoing, approved_money: null, approved_fou: null, approved_nok: null, decision_global_goals: [] },
        after: {
          status: approved,
          approved_money: 110_000_00,
          approved_fou: null,
          approved_nok: null,
          decision_global_goals: [],
          meeting_id: meeting.id,
          held_on: '2026-04-15',
        },
      },
    ]);
    expect((await historyOf(t.db, bjorn.id)).map((h) => h.action)).toEqual(['decision']);
    expect(await grantOf(asa.id)).toBeTruthy();
    expect(await grantOf(bjorn.id)).toBeUndefined();
    // The grant's plan: all of it, due at acceptance.
    const plan = await t.db.selectFrom('payout_instalments').select(['amount']).where('application_id', '=', asa.id).execute();
    expect(plan).toEqual([{ amount: 110_000_00 }]);

    const again = await decide(meeting.id, [
      { application_uuid: bjorn.uuid, status: rejected, amount: null },
      { application_uuid: asa.uuid, status: approved, amount: 110_000_00 },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Mötets beslut är redan fattade, så mötet kan inte längre ändras.');
    expect((await api('PUT', `/meetings/${meeting.id}`, admin, meetingBody(period.id))).statusCode).toBe(409);
    expect((await api('PUT', `/meetings/${meeting.id}/agenda`, admin, { application_uuids: [] })).statusCode).toBe(409);
    expect((await api('DELETE', `/meetings/${meeting.id}`, admin)).statusCode).toBe(409);
    expect((await historyOf(t.db, asa.id)).length).toBe(1);
  });

  it('refuses the whole agenda when its approvals together exceed the cap, changing nothing', async () => {
    const { meeting, asa, bjorn } = await reviewedMeeting();
    // 800 000 kr remain: 750 000 + 50 000,01 is one öre too much.
    const refused = await decide(meeting.id, [
      { application_uuid: asa.uuid, status: approved, amount: 750_000_00 },
      { application_uuid: bjorn.uuid, status: approved, amount: 50_000_01 },
    ]);
    expect(refused.statusCode).toBe(422);
    const message = `Det finns bara ${formatMoney(50_000_00, 'sv-SE')} kvar att fördela i perioden.`;
    expect(refused.json()).toEqual({ message, errors: { 'decisions.1.amount': [message] } });
    for (const application of [asa, bjorn]) {
      expect(await statusOf(application.id)).toMatchObject({ status: ongoing, approved_money: null, decided_at: null });
      expect(await historyOf(t.db, application.id)).toEqual([]);
      expect(await grantOf(application.id)).toBeUndefined();
    }
    const after = (await api('GET', `/meetings/${meeting.id}`, admin)).json().data;
    expect(after.decided_at).toBeNull();
    expect(after.agenda.map((line: { decided_status: number | null }) => line.decided_status)).toEqual([null, null]);

    // Lines checked by the rules of a decision, each error beside its line.
    const wrong = await decide(meeting.id, [
      { application_uuid: asa.uuid, status: approved, amount: null },
      { application_uuid: bjorn.uuid, status: rejected, amount: 5_00 },
    ]);
    expect(wrong.json().errors).toEqual({
      'decisions.0.amount': ['Fältet belopp är obligatoriskt.'],
      'decisions.1.amount': ['Ett avslag har inget belopp.'],
    });
    const partial = await decide(meeting.id, [{ application_uuid: asa.uuid, status: rejected, amount: null }], en);
    expect(partial.json().errors).toEqual({ decisions: ['The decisions must cover the whole agenda, each application once.'] });

    // Exactly what remains fits.
    const fits = await decide(meeting.id, [
      { application_uuid: asa.uuid, status: approved, amount: 750_000_00 },
      { application_uuid: bjorn.uuid, status: approved, amount: 50_000_00 },
    ]);
    expect(fits.statusCode).toBe(200);
  });

  it('lets one of 20 entries of the same decisions at once through; the others are 409s and each application has one entry', async () => {
    const { meeting, asa, bjorn } = await reviewedMeeting();
    const decisions = [
      { application_uuid: asa.uuid, status: approved, amount: 100_000_00 },
      { application_uuid: bjorn.uuid, status: rejected, amount: null },
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(meeting.id, decisions)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const application of [asa, bjorn]) expect((await historyOf(t.db, application.id)).map((h) => h.action)).toEqual(['decision']);
  });
});

describe('the minutes', () => {
  it('are a 409 before the decisions, then read back with the members, decisions, conflicts, totals and signatures', async () => {
    await t.db.updateTable('payment_settings').set({ name: 'Sparbanksstiftelsen Testbygden' }).execute();
    const { meeting, asa, bjorn, period } = await reviewedMeeting();
    await api('PUT', `/meetings/${meeting.id}/agenda/${asa.uuid}/conflict`, dan, { conflict_of_interest: true });

    const early = await api('GET', `/meetings/${meeting.id}/minutes.pdf`, dan);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Mötets beslut är inte inlagda än, så det finns inget protokoll.');

    const saved = await api('POST', `/meetings/${meeting.id}/decisions`, admin, {
      decisions: [
        { application_uuid: asa.uuid, status: approved, amount: 120_000_00 },
        { application_uuid: bjorn.uuid, status: rejected, amount: null },
      ],
    });
    expect(saved.statusCode).toBe(200);

    const minutes = await api('GET', `/meetings/${meeting.id}/minutes.pdf`, admin);
    expect(minutes.statusCode).toBe(200);
    expect(minutes.headers['content-type']).toBe('application/pdf');
    expect(minutes.headers['content-disposition']).toBe(
      `attachment; filename="protokoll-2026-04-15.pdf"; filename*=UTF-8''protokoll-2026-04-15.pdf`,
    );
    const text = pdfText(minutes.rawPayload);
    const periodName = (await t.db.selectFrom('periods').select('name').where('id', '=', period.id).executeTakeFirstOrThrow()).name;
    for (const expected of [
      'Beslutsprotokoll',
      'Protokoll fört vid styrelsemöte i Sparbanksstiftelsen Testbygden.',
      oneSpace(formatDate('2026-04-15', 'sv-SE')),
      'Sparbankshuset, Storgatan 1',
      periodName,
      'Närvarande Cecilia Justerare, Dan Ledamot, Bo Ordförande',
      'Ordförande Bo Ordförande',
      'Justerare Cecilia Justerare',
      asa.reference,
      'Åsa Öström',
      `Beviljad ${money(120_000_00)}`,
      bjorn.reference,
      'Avslagen',
      `Dan Ledamot (${asa.reference})`,
      `Ivar Granskare (${asa.reference})`,
      'Beviljade 1 ansökan',
      'Avslagna 1 ansökan',
      `Beviljat belopp ${money(120_000_00)}`,
      `Kvar att fördela efter mötet ${money(680_000_00)}`,
    ])
      expect(text, expected).toContain(expected);
    // The signature lines come last: the chair's and the adjuster's names, their roles under them.
    const lastLines = text.trimEnd().split('\n').slice(-2);
    expect(lastLines.map((line) => line.trim()).join('\n')).toBe('Bo Ordförande Cecilia Justerare\nOrdförande Justerare');

    // Dan stood aside from Åsa's application: his copy has its line without the amounts, and sums that leave it out.
    const dans = pdfText((await api('GET', `/meetings/${meeting.id}/minutes.pdf`, dan)).rawPayload);
    expect(dans).toContain(`${asa.reference} Åsa Öström – Beviljad –`);
    expect(dans).not.toContain(money(120_000_00));
    expect(dans).not.toContain(money(150_000_00));
    expect(dans).toContain('Kvar att fördela efter mötet –');
    expect(dans).toContain('Ett ärende där du anmält jäv eller ännu inte lämnat din bedömning ingår inte i summorna.');

    const english = await api('GET', `/meetings/${meeting.id}/minutes.pdf`, admin, undefined, en);
    expect(english.headers['content-disposition']).toBe(
      `attachment; filename="minutes-2026-04-15.pdf"; filename*=UTF-8''minutes-2026-04-15.pdf`,
    );
    const englishText = pdfText(english.rawPayload);
    for (const expected of ['Minutes of decisions', 'Approved 1 application', money(120_000_00, 'en-US'), 'Chair', 'Minutes checker'])
      expect(englishText, expected).toContain(expected);
  });

  it('record who was absent and who dissented, are numbered in their year, and keep the figures they were decided with', async () => {
    await t.db.updateTable('payment_settings').set({ name: 'Sparbanksstiftelsen Testbygden' }).execute();
    const { meeting, asa, bjorn, period } = await reviewedMeeting();
    await api(
      'PUT',
      `/meetings/${meeting.id}`,
      admin,
      meetingBody(period.id, { secretary_id: board.eva, starts_at: '18:00', ends_at: '19:30' }),
    );
    await api('PUT', `/meetings/${meeting.id}/agenda/${asa.uuid}/conflict`, dan, { conflict_of_interest: true });
    const outcome = (extra: object, dissent: Record<string, number[]> = {}) =>
      api('POST', `/meetings/${meeting.id}/decisions`, admin, {
        decisions: [
          { application_uuid: asa.uuid, status: approved, amount: 120_000_00, dissent_ids: dissent.asa ?? [] },
          { application_uuid: bjorn.uuid, status: rejected, amount: null, dissent_ids: dissent.bjorn ?? [] },
        ],
        ...extra,
      });
    // The chair is present; one absent, or one who stood aside, dissents from nothing.
    expect((await outcome({ absent_ids: [board.bo] })).json().errors).toEqual({
      absent_ids: ['Ordföranden och justeraren måste vara närvarande.'],
    });
    expect((await outcome({ absent_ids: [board.dan] }, { bjorn: [board.dan] })).json().errors).toEqual({
      'decisions.1.dissent_ids': ['Bara en närvarande ledamot kan reservera sig.'],
    });
    expect((await outcome({}, { asa: [board.dan] })).json().errors).toEqual({
      'decisions.0.dissent_ids': ['Den som anmält jäv deltog inte i beslutet och kan inte reservera sig mot det.'],
    });
    expect((await api('GET', `/meetings/${meeting.id}`, admin)).json().data.decided_at).toBeNull();

    const decided = await outcome({ absent_ids: [board.dan] }, { bjorn: [board.cecilia] });
    expect(decided.statusCode, decided.body).toBe(200);
    const read = decided.json().data;
    expect(read.minutes).toEqual({ year: 2026, number: expect.any(Number) });
    expect(read.members.map((m: { name: string; present: boolean }) => [m.name, m.present])).toEqual([
      ['Cecilia Justerare', true],
      ['Dan Ledamot', false],
      ['Bo Ordförande', true],
    ]);
    expect(read.agenda[1].dissents).toEqual([{ user_id: board.cecilia, name: 'Cecilia Justerare' }]);

    // The next meeting decided in 2026 has the next number.
    const next = await reviewedMeeting();
    const nextDecided = await api('POST', `/meetings/${next.meeting.id}/decisions`, admin, {
      decisions: [
        { application_uuid: next.asa.uuid, status: rejected, amount: null },
        { application_uuid: next.bjorn.uuid, status: rejected, amount: null },
      ],
    });
    expect(nextDecided.json().data.minutes).toEqual({ year: 2026, number: read.minutes.number + 1 });

    // Approvals in the period after the meeting change nothing its minutes say.
    const minutesText = async () => pdfText((await api('GET', `/meetings/${meeting.id}/minutes.pdf`, admin)).rawPayload);
    const before = await minutesText();
    const later = await withFigures(period.id, 0, 0);
    await t.db.updateTable('applications').set({ status: approved, approved_money: 50_000_00 }).where('id', '=', later.id).execute();
    expect((await api('GET', `/meetings/${meeting.id}`, admin)).json().data.totals).toMatchObject({ approved_elsewhere: 200_000_00 });
    expect(await minutesText()).toBe(before);

    for (const expected of [
      `Beslutsprotokoll nr ${read.minutes.number}/2026`,
      'Tid 18:00–19:30',
      'Närvarande Cecilia Justerare, Bo Ordförande',
      'Frånvarande Dan Ledamot',
      'Protokollförare Eva Utanför',
      '§ 1 Mötets öppnande',
      'Ordföranden Bo Ordförande öppnade mötet kl. 18:00.',
      '§ 2 Val av justerare',
      'Cecilia Justerare valdes att jämte ordföranden justera protokollet.',
      '§ 3 Godkännande av dagordningen',
      `§ 4 ${asa.reference} Åsa Öström`,
      `Sökt belopp: ${money(150_000_00)}. Beslut: Beviljad ${money(120_000_00)}.`,
      'Jäv: Dan Ledamot deltog inte i behandlingen av eller beslutet om ärendet.',
      `§ 5 ${bjorn.reference}`,
      'Reservation: Cecilia Justerare reserverade sig mot beslutet.',
      '§ 6 Mötets avslutande',
      'Ordföranden Bo Ordförande avslutade mötet kl. 19:30.',
      `Beviljat i perioden utöver mötets ärenden ${money(200_000_00)}`,
    ])
      expect(before, expected).toContain(expected);
    const lastLines = before.trimEnd().split('\n').slice(-2);
    expect(lastLines.map((line) => line.trim()).join('\n')).toBe(
      'Eva Utanför Bo Ordförande Cecilia Justerare\nVid protokollet Ordförande Justerare',
    );
    const english = pdfText((await api('GET', `/meetings/${meeting.id}/minutes.pdf`, admin, undefined, en)).rawPayload);
    for (const expected of [
      `Minutes of decisions no. ${read.minutes.number}/2026`,
      'Absent Dan Ledamot',
      'Secretary Eva Utanför',
      'Minutes checker',
    ])
      expect(english, expected).toContain(expected);
  });
});
