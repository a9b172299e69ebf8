import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatDate, formatMoney } from '../../../resources/format.js';
import { correctApplication } from '../../applications/staffForm.js';
import { addDays, stockholmDay } from '../../clock.js';
import * as boardDecisionsFinal from '../../db/migrations/0034_board_decisions_final.js';
import { historyOf } from '../../test/handlingFixtures.js';
import { applicationWithReviews, createNamedStaff, meetingPeriod, oneSpace, pdfText } from '../../test/meetingFixtures.js';
import { call, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// What a board decided at a meeting stands: one person changes neither its decision, its status nor its period; a
// second meeting does not decide it again; a later meeting changes it only on a line of its own, with the reason, and
// both meetings' minutes and the history say so. Decisions are dated the meeting's day.

const { approved, rejected, ongoing } = enums.application_status;

let t: TestApp;
let admin: string;
let staffId: number;
const board = { bo: 0, cecilia: 0 };
const sv = { 'accept-language': 'sv-SE' };
const en = { 'accept-language': 'en-US' };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown, headers = sv) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: admin, headers, payload: data === undefined ? undefined : { data } });
const money = (ore: number, locale = 'sv-SE') => oneSpace(formatMoney(ore, locale));

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createNamedStaff(t.db, 'Anna', 'Administratör', 'admin');
  admin = await sessionCookie(t.app, staff.email);
  staffId = staff.id;
  board.bo = (await createNamedStaff(t.db, 'Bo', 'Ordförande')).id;
  board.cecilia = (await createNamedStaff(t.db, 'Cecilia', 'Justerare')).id;
});
afterAll(() => t.close());

const application = (periodId: number, firstName: string) =>
  applicationWithReviews(t.db, { periodId, firstName, lastName: 'Sökande', money: 150_000_00 });

/** A meeting of the period on `held_on` with these applications on its agenda. */
async function meetingWith(periodId: number, held_on: string, uuids: string[]) {
  const created = await api('POST', '/meetings', {
    period_id: periodId,
    held_on,
    place: 'Sparbankshuset',
    member_ids: [board.bo, board.cecilia],
    chair_id: board.bo,
    adjuster_id: board.cecilia,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const agenda = await api('PUT', `/meetings/${id}/agenda`, { application_uuids: uuids });
  expect(agenda.statusCode, agenda.body).toBe(200);
  return id;
}

const decide = (meetingId: number, decisions: { application_uuid: string; status: number; amount: number | null }[], headers = sv) =>
  api('POST', `/meetings/${meetingId}/decisions`, { decisions }, headers);
const stateOf = (id: number) =>
  t.db
    .selectFrom('applications')
    .select(['status', 'approved_money', 'period_id', 'decided_at', 'decided_meeting_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A period whose meeting of 15 April approved Åsa's application with 120 000 kr and rejected Björn's. */
async function decidedAtAMeeting() {
  const period = await meetingPeriod(t.db);
  const [asa, bjorn] = [await application(period.id, 'Åsa'), await application(period.id, 'Björn')];
  const meeting = await meetingWith(period.id, '2026-04-15', [asa.uuid, bjorn.uuid]);
  const decided = await decide(meeting, [
    { application_uuid: asa.uuid, status: approved, amount: 120_000_00 },
    { application_uuid: bjorn.uuid, status: rejected, amount: null },
  ]);
  expect(decided.statusCode, decided.body).toBe(200);
  return { period, asa, bjorn, meeting };
}

describe('a board’s decision', () => {
  it('is dated the meeting’s day and changed by no one person: not its decision, its status nor its period', async () => {
    const { asa, bjorn, meeting } = await decidedAtAMeeting();
    const before = await stateOf(asa.id);
    expect(before).toMatchObject({ approved_money: 120_000_00, decided_meeting_id: meeting, decided_at: new Date('2026-04-14T22:00:00Z') });
    const entries = (await historyOf(t.db, asa.id)).length;

    const raised = await api('PUT', `/applications/${asa.uuid}/decision`, { status: approved, approved_money: 500_000_00 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe(
      `Styrelsen fattade beslutet vid mötet ${formatDate('2026-04-15', 'sv-SE')}. Det kan bara ändras av ett senare möte, på en punkt om ändrat beslut.`,
    );
    const inEnglish = await api('PUT', `/applications/${bjorn.uuid}/decision`, { status: approved, approved_money: 1_00 }, en);
    expect(inEnglish.json().message).toBe(
      `The board took this decision at its meeting of ${formatDate('2026-04-15', 'en-US')}. Only a later meeting can change it, on an agenda line for a changed decision.`,
    );
    expect((await api('POST', `/applications/${asa.uuid}/updateStatus`, { status: ongoing })).statusCode).toBe(409);
    // Nor is it moved to another period by a correction of the application (the staff form's save).
    const elsewhere = await meetingPeriod(t.db);
    const correction = { values: { period_id: elsewhere.id }, definitions: {}, categoryIds: null, before: {}, after: {} };
    await expect(correctApplication(t.db, staffId, asa.id, correction as never, 'sv-SE')).rejects.toMatchObject({
      status: 409,
      key: 'errors.decided_by_board',
    });

    expect(await stateOf(asa.id)).toEqual(before);
    expect((await historyOf(t.db, asa.id)).length).toBe(entries);
    const grant = await t.db.selectFrom('payout_instalments').select('amount').where('application_id', '=', asa.id).execute();
    expect(grant).toEqual([{ amount: 120_000_00 }]);
    // The decision says whose it is.
    const read = (await api('GET', `/applications/${asa.uuid}/decision`)).json().data;
    expect(read).toMatchObject({ status: approved, approved_money: 120_000_00, board: { meeting_id: meeting, held_on: '2026-04-15' } });
    // Once the applicant is told, still the board's: no reason is asked for a change no one person may ask.
    expect((await api('POST', `/applications/${asa.uuid}/decision-release`)).statusCode).toBe(200);
    const told = await api('PUT', `/applications/${asa.uuid}/decision`, { status: approved, approved_money: 500_000_00 });
    expect(told.statusCode).toBe(409);
    expect(told.json().message).toBe(raised.json().message);
  });

  it('is entered once the meeting’s day has come, not before', async () => {
    const period = await meetingPeriod(t.db);
    const asa = await application(period.id, 'Åsa');
    const tomorrow = addDays(stockholmDay(new Date()), 1);
    const meeting = await meetingWith(period.id, tomorrow, [asa.uuid]);
    const early = await decide(meeting, [{ application_uuid: asa.uuid, status: approved, amount: 10_000_00 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Mötet hålls ${formatDate(tomorrow, 'sv-SE')}. Dess beslut läggs in från den dagen.`);
    expect(await stateOf(asa.id)).toMatchObject({ status: ongoing, approved_money: null, decided_meeting_id: null });
  });

  it('is taken at one meeting: another meeting with it on the agenda cannot decide it again, also at the same moment', async () => {
    const period = await meetingPeriod(t.db);
    const [asa, bjorn] = [await application(period.id, 'Åsa'), await application(period.id, 'Björn')];
    // Both meetings were prepared with Åsa's application before either decided.
    const first = await meetingWith(period.id, '2026-04-15', [asa.uuid]);
    const second = await meetingWith(period.id, '2026-04-15', [asa.uuid, bjorn.uuid]);
    expect((await decide(first, [{ application_uuid: asa.uuid, status: approved, amount: 50_000_00 }])).statusCode).toBe(200);
    const again = await decide(second, [
      { application_uuid: asa.uuid, status: rejected, amount: null },
      { application_uuid: bjorn.uuid, status: approved, amount: 10_000_00 },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Redan beslutad vid ett annat möte: ${asa.reference}. Ett senare möte ändrar ett beslut på en punkt om ändrat beslut.`,
    );
    expect(await stateOf(asa.id)).toMatchObject({ status: approved, approved_money: 50_000_00, decided_meeting_id: first });
    expect(await stateOf(bjorn.id)).toMatchObject({ status: ongoing, decided_meeting_id: null });
    // Nor does a newly prepared agenda take it up as a first decision.
    const third = await api('POST', '/meetings', {
      period_id: period.id,
      held_on: '2026-05-01',
      place: 'Kontoret',
      member_ids: [board.bo, board.cecilia],
      chair_id: board.bo,
      adjuster_id: board.cecilia,
    });
    const refused = await api('PUT', `/meetings/${third.json().data.id}/agenda`, { application_uuids: [asa.uuid] });
    expect(refused.statusCode).toBe(422);

    // Two meetings deciding one application at the same moment: one is entered, the other is a 409.
    const cecilia = await application(period.id, 'Cecilia');
    const [one, other] = [
      await meetingWith(period.id, '2026-04-20', [cecilia.uuid]),
      await meetingWith(period.id, '2026-04-20', [cecilia.uuid]),
    ];
    const answers = await Promise.all([
      decide(one, [{ application_uuid: cecilia.uuid, status: approved, amount: 20_000_00 }]),
      decide(other, [{ application_uuid: cecilia.uuid, status: rejected, amount: null }]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const decidedLines = await t.db
      .selectFrom('meeting_agenda')
      .select(['meeting_id', 'decided_status'])
      .where('application_id', '=', cecilia.id)
      .where('decided_status', 'is not', null)
      .execute();
    expect(decidedLines).toHaveLength(1);
    const state = await stateOf(cecilia.id);
    expect(state.decided_meeting_id).toBe(decidedLines[0].meeting_id);
    expect(state.status).toBe(decidedLines[0].decided_status);
    expect((await historyOf(t.db, cecilia.id)).filter((h) => h.action === 'decision')).toHaveLength(1);
  });

  it('is changed by a later meeting on a line of its own with the reason; both minutes and the history say so', async () => {
    const { period, asa, bjorn, meeting } = await decidedAtAMeeting();
    const undecided = await application(period.id, 'Dora');
    const later = await meetingWith(period.id, '2026-05-20', [undecided.uuid]);
    const reason = 'Projektet har fått ett annat bidrag för lokalhyran.';
    const change = (meetingId: number, uuid: string, why = reason) =>
      api('POST', `/meetings/${meetingId}/agenda/changes`, { application_uuid: uuid, reason: why });

    // Only what a board decided at an earlier meeting, once, with a reason.
    const earlier = await meetingWith(period.id, '2026-03-01', []);
    const notEarlier = await change(earlier, asa.uuid);
    expect(notEarlier.statusCode).toBe(422);
    expect(notEarlier.json().errors).toEqual({
      application_uuid: [
        'Bara en ansökan i mötets period som styrelsen har beslutat om vid ett tidigare möte kan tas upp som ändrat beslut, och bara en gång.',
      ],
    });
    expect((await change(later, undecided.uuid)).statusCode).toBe(422);
    expect((await change(later, asa.uuid, '   ')).json().errors).toEqual({ reason: ['Fältet skäl är obligatoriskt.'] });

    const added = await change(later, asa.uuid);
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json().data.agenda[1];
    expect(line).toMatchObject({
      position: 1,
      application: { uuid: asa.uuid },
      changes: { meeting_id: meeting, held_on: '2026-04-15', decided_status: approved, decided_amount: 120_000_00, reason },
      changed_by: null,
    });
    expect((await change(later, asa.uuid)).statusCode).toBe(422);
    // The agenda set again keeps the line as a change, in its new place.
    const reordered = await api('PUT', `/meetings/${later}/agenda`, { application_uuids: [asa.uuid, undecided.uuid] });
    expect(reordered.json().data.agenda[0]).toMatchObject({ application: { uuid: asa.uuid }, changes: { reason } });
    // Still no one person's to change meanwhile.
    expect((await api('PUT', `/applications/${asa.uuid}/decision`, { status: rejected })).statusCode).toBe(409);

    const decided = await decide(later, [
      { application_uuid: asa.uuid, status: approved, amount: 100_000_00 },
      { application_uuid: undecided.uuid, status: rejected, amount: null },
    ]);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await stateOf(asa.id)).toMatchObject({
      approved_money: 100_000_00,
      decided_meeting_id: later,
      decided_at: new Date('2026-05-19T22:00:00Z'),
    });
    // The books: the first meeting's decision on its day, corrected on the later meeting's day.
    const booked = await t.db
      .selectFrom('journal_vouchers')
      .select(['day', 'amount', 'debit_account', 'reverses_id'])
      .where('application_id', '=', asa.id)
      .orderBy('id')
      .execute();
    expect(booked).toEqual([
      { day: '2026-04-15', amount: 120_000_00, debit_account: 6990, reverses_id: null },
      { day: '2026-05-20', amount: 120_000_00, debit_account: 2890, reverses_id: expect.any(Number) },
      { day: '2026-05-20', amount: 100_000_00, debit_account: 6990, reverses_id: null },
    ]);
    const [latest] = (await historyOf(t.db, asa.id)).filter((h) => h.action === 'decision').slice(-1);
    expect(latest.before).toMatchObject({ approved_money: 120_000_00 });
    expect(latest.after).toMatchObject({
      approved_money: 100_000_00,
      meeting_id: later,
      held_on: '2026-05-20',
      changes_meeting_id: meeting,
      reason,
    });

    // The first meeting's line keeps what it decided and says which meeting changed it.
    const first = (await api('GET', `/meetings/${meeting}`)).json().data;
    expect(first.agenda.find((l: { application: { uuid: string } }) => l.application.uuid === asa.uuid)).toMatchObject({
      decided_status: approved,
      decided_amount: 120_000_00,
      changed_by: { meeting_id: later, held_on: '2026-05-20' },
    });
    expect(first.agenda.find((l: { application: { uuid: string } }) => l.application.uuid === bjorn.uuid).changed_by).toBeNull();

    const minutes = async (id: number, headers = sv) => {
      const pdf = await call(t.app, { method: 'GET', url: `/api/v1/meetings/${id}/minutes.pdf`, cookie: admin, headers });
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload).replace(/\n\s*/g, ' ');
    };
    const laterMinutes = await minutes(later);
    expect(laterMinutes).toContain(`§ 4 ${asa.reference}`);
    expect(laterMinutes).toContain(
      `${asa.reference}: ändrar beslutet från mötet ${formatDate('2026-04-15', 'sv-SE')} (Beviljad ${money(120_000_00)}). Skäl: ${reason}`,
    );
    expect(await minutes(meeting)).toContain(
      `${asa.reference}: beslutet ändrades vid mötet ${formatDate('2026-05-20', 'sv-SE')}; se det mötets protokoll.`,
    );
    expect(await minutes(meeting, en)).toContain(
      `${asa.reference}: the decision was changed at the meeting of ${formatDate('2026-05-20', 'en-US')}; see that meeting’s minutes.`,
    );
  });
});

describe('migration 0034', () => {
  it('makes a second meeting’s decision of one application a change of the first, and the application the later meeting’s', async () => {
    const fresh = await createTestApp();
    try {
      const raw = fresh.db as unknown as Kysely<unknown>;
      const period = await meetingPeriod(fresh.db);
      const asa = await applicationWithReviews(fresh.db, { periodId: period.id, firstName: 'Åsa', lastName: 'Ö', money: 1_00 });
      await boardDecisionsFinal.down(raw);
      const meeting = async (decidedAt: string) =>
        // A decided meeting has its minutes' number since migration 0037.
        (
          await sql<{ id: number }>`INSERT INTO meetings (period_id, held_on, place, decided_at, minutes_year, minutes_number)
            VALUES (${period.id}, ${decidedAt.slice(0, 10)}, 'Kontoret', ${decidedAt}, 1999, ${decidedAt.slice(5, 7)}::int) RETURNING id`.execute(
            fresh.db,
          )
        ).rows[0].id;
      const [first, second] = [await meeting('2026-04-15T18:00:00Z'), await meeting('2026-05-20T18:00:00Z')];
      await sql`INSERT INTO meeting_agenda (meeting_id, application_id, position, decided_status, decided_amount)
        VALUES (${first}, ${asa.id}, 0, ${approved}, 100), (${second}, ${asa.id}, 0, ${rejected}, NULL)`.execute(fresh.db);
      await boardDecisionsFinal.up(raw);
      const lines = await fresh.db
        .selectFrom('meeting_agenda')
        .select(['meeting_id', 'changes_meeting_id'])
        .where('application_id', '=', asa.id)
        .orderBy('meeting_id')
        .execute();
      expect(lines).toEqual([
        { meeting_id: first, changes_meeting_id: null },
        { meeting_id: second, changes_meeting_id: first },
      ]);
      const { decided_meeting_id } = await fresh.db
        .selectFrom('applications')
        .select('decided_meeting_id')
        .where('id', '=', asa.id)
        .executeTakeFirstOrThrow();
      expect(decided_meeting_id).toBe(second);
    } finally {
      await fresh.close();
    }
  });
});
