import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../resources/enums.js';
import { remindDueFollowups } from './applications/followupRequests.js';
import { addDays } from './clock.js';
import { translator } from './i18n.js';
import { applicantCookie, completeAnswers, createApplicant, createApplication, createPeriod } from './test/handlingFixtures.js';
import { closedPeriod } from './test/retentionFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from './test/testApp.js';

// Every date rule counts in days of Stockholm, whatever the time zone of the server or the database: a period is open
// from 00:00 on its first day to 23:59 on its last, a follow-up is due a number of days after the day it was
// requested, and the retention rules reach an application from 00:00 on their day. Each rule is tried on the app's
// clock at 23:59 and 00:00 in winter (UTC+1) and in summer (UTC+2).

let now = new Date('2027-01-01T12:00:00Z');
let t: TestApp;
let admin: string;

/** A moment by the Stockholm clock: 'YYYY-MM-DDTHH:MM' in winter (CET) or summer (CEST) time. */
const winter = (local: string) => new Date(`${local}:00+01:00`);
const summer = (local: string) => new Date(`${local}:00+02:00`);

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  await createStaff(t.db, 'admin', 'days-admin@test.se');
  admin = await sessionCookie(t.app, 'days-admin@test.se');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, data?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });

/** An open period of its own from `start` to `end`, taking an application type of its own (with no questions). */
async function period(start: string, end: string) {
  const type = await t.db
    .insertInto('application_types')
    .values({ label: `Typ ${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('periods')
    .values({ name: `Period ${randomUUID()}`, start_date: start, end_date: end })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  await t.db.insertInto('period_application_types').values({ period_id: row.id, application_type_id: type.id }).execute();
  return { ...row, typeId: type.id };
}

/** A signed-in applicant of their own. */
async function applicant() {
  const email = `${randomUUID()}@test.se`;
  return { email, cookie: await applicantCookie(t.db, await createApplicant(t.db, email)) };
}

/** Whether the portal's list of open periods, and the staff dashboard's, hold the period. */
async function listed(periodId: number) {
  const { cookie } = await applicant();
  const portal = await api('GET', '/portal/periods', cookie);
  expect(portal.statusCode).toBe(200);
  const dashboard = await api('GET', '/dashboard', admin);
  expect(dashboard.statusCode).toBe(200);
  const inPortal = portal.json<{ data: { id: number }[] }>().data.some((p) => p.id === periodId);
  const onDashboard = dashboard.json<{ data: { open_periods: { id: number }[] } }>().data.open_periods.some((p) => p.id === periodId);
  expect(onDashboard).toBe(inPortal);
  return inPortal;
}

/** A draft of the period, started and filled in completely through the portal (at the clock's time, so while open). */
async function filledDraft(p: Awaited<ReturnType<typeof period>>) {
  const who = await applicant();
  const started = await api('POST', '/portal/applications', who.cookie, { period_id: p.id, application_type_id: p.typeId });
  expect(started.statusCode, started.body).toBe(201);
  const { uuid } = started.json<{ data: { uuid: string } }>().data;
  expect(
    (await api('PUT', `/portal/applications/${uuid}`, who.cookie, { ...completeAnswers(who.email), contact_phone: '070-123 45 67' }))
      .statusCode,
  ).toBe(200);
  return { ...who, uuid };
}

const sendIn = (draft: { uuid: string; cookie: string }) => api('POST', `/portal/applications/${draft.uuid}/submit`, draft.cookie);
const statusOf = async (uuid: string) =>
  await t.db.selectFrom('applications').select(['status', 'reference', 'sent_in_at']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe('a period is open on its days in Stockholm', () => {
  for (const [season, at, first, last] of [
    ['winter', winter, '2027-01-11', '2027-01-25'],
    ['summer', summer, '2027-06-01', '2027-08-15'],
  ] as const) {
    it(`in ${season}: listed, and takes send-ins, from 00:00 on its first day to 23:59 on its last, and not a minute outside`, async () => {
      const p = await period(first, last);
      const dayBefore = addDays(first, -1);
      const dayAfter = addDays(last, 1);

      // 23:59 the evening before: not listed, and no draft can be started.
      now = at(`${dayBefore}T23:59`);
      expect(await listed(p.id)).toBe(false);
      const early = await applicant();
      const refused = await api('POST', '/portal/applications', early.cookie, { period_id: p.id, application_type_id: p.typeId });
      expect(refused.statusCode).toBe(409);

      // 00:00 on the first day: listed, drafts start, and one is sent in at once.
      now = at(`${first}T00:00`);
      expect(await listed(p.id)).toBe(true);
      const [atOpening, lastMinute, tooLate, beforeOpening] = [
        await filledDraft(p),
        await filledDraft(p),
        await filledDraft(p),
        await filledDraft(p),
      ];
      const opened = await sendIn(atOpening);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().data.period.open).toBe(true);

      // A draft sent in at 23:59 the evening before is refused.
      now = at(`${dayBefore}T23:59`);
      expect((await sendIn(beforeOpening)).statusCode).toBe(409);
      expect((await statusOf(beforeOpening.uuid)).status).toBe(enums.application_status.draft);

      // 23:59 on the last day: still listed and sent in, with that moment and the year's reference.
      now = at(`${last}T23:59`);
      expect(await listed(p.id)).toBe(true);
      const inTime = await sendIn(lastMinute);
      expect(inTime.statusCode, inTime.body).toBe(200);
      expect(await statusOf(lastMinute.uuid)).toMatchObject({ status: enums.application_status.received, sent_in_at: now });
      expect((await statusOf(lastMinute.uuid)).reference).toMatch(/^2027-\d{4}$/);

      // 00:00 the day after: no longer listed, the send-in is refused with the closed period's message, the draft kept.
      now = at(`${dayAfter}T00:00`);
      expect(await listed(p.id)).toBe(false);
      const closed = await sendIn(tooLate);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(translator('sv-SE')('errors.period_closed'));
      expect((await statusOf(tooLate.uuid)).status).toBe(enums.application_status.draft);
      const form = await api('GET', `/portal/applications/${tooLate.uuid}`, tooLate.cookie);
      expect(form.json().data.period.open).toBe(false);
      const own = await api('GET', '/portal/applications', tooLate.cookie);
      expect(own.json().data[0].period.open).toBe(false);
    });
  }
});

describe('a follow-up is due and reminded by days in Stockholm', () => {
  const deps = () => ({ mailer: t.mailer, config: t.config, jobs: t.jobs });
  const mailsTo = (email: string) => t.db.selectFrom('outbox').select('subject').where('recipient', '=', email).execute();

  /** Requests the follow-up of an approved application of its own through the API at the clock's time. */
  async function requested() {
    const email = `${randomUUID()}@test.se`;
    const application = await createApplication(t.db, {
      periodId: (await createPeriod(t.db, `Period ${randomUUID()}`)).id,
      frontendUserId: await createApplicant(t.db, email),
      status: enums.application_status.approved,
      approvedMoney: 5_000_00,
    });
    const response = await api('POST', `/applications/${application.uuid}/followup/request`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return { email, due: response.json<{ data: { due_at: string } }>().data.due_at };
  }

  it('is due FOLLOWUP_DUE_DAYS after the day it was requested: 23:59 and 00:00 are different days, in winter and in summer', async () => {
    expect(t.config.followupDueDays).toBe(30);
    now = winter('2027-01-25T23:59');
    expect((await requested()).due).toBe('2027-02-24');
    now = winter('2027-01-26T00:00');
    expect((await requested()).due).toBe('2027-02-25');
    now = summer('2027-07-15T23:59');
    expect((await requested()).due).toBe('2027-08-14');
    now = summer('2027-07-16T00:00');
    expect((await requested()).due).toBe('2027-08-15');
  });

  it('is reminded FOLLOWUP_REMINDER_DAYS later at the same time of day in Stockholm, across the change to and from summer time', async () => {
    expect(t.config.followupReminderDays).toBe(14);
    // Requested at 23:59 in winter: reminded at 23:59 in summer time, not at 00:59 the day after.
    now = winter('2027-03-20T23:59');
    const spring = await requested();
    expect(spring.due).toBe('2027-04-19');
    await remindDueFollowups(t.db, deps(), summer('2027-04-03T23:58'));
    expect(await mailsTo(spring.email)).toHaveLength(1);
    await remindDueFollowups(t.db, deps(), summer('2027-04-03T23:59'));
    expect(await mailsTo(spring.email)).toHaveLength(2);

    // Requested at 00:00 in summer: reminded at 00:00 in winter time, not at 23:00 the day before.
    now = summer('2027-10-20T00:00');
    const autumn = await requested();
    expect(autumn.due).toBe('2027-11-19');
    await remindDueFollowups(t.db, deps(), winter('2027-11-02T23:59'));
    expect(await mailsTo(autumn.email)).toHaveLength(1);
    await remindDueFollowups(t.db, deps(), winter('2027-11-03T00:00'));
    expect(await mailsTo(autumn.email)).toHaveLength(2);
  });
});

describe('the retention rules count days in Stockholm', () => {
  const run = async () => {
    const response = await api('POST', '/retention/runs', admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { periods: { period: { id: number }; rejected: number; approved: number }[] } }>().data;
  };
  const lineOf = async (periodId: number) => (await run()).periods.find((line) => line.period.id === periodId);
  const anonymised = async (id: number) =>
    (await t.db.selectFrom('applications').select('anonymised_at').where('id', '=', id).executeTakeFirstOrThrow()).anonymised_at !== null;

  beforeAll(async () => {
    now = winter('2027-01-01T12:00');
    expect((await api('PUT', '/retention', admin, { draft_months: 12, rejected_months: 13, approved_years: 7 })).statusCode).toBe(200);
  });

  it('in winter: a rejected application is kept at 23:59 on its last day and anonymised from 00:00 the next', async () => {
    // 13 months after the period's end on 2025-12-20 is 2027-01-20; the rule reaches it on the 21st.
    const { id, add } = await closedPeriod(t.db, '2025-12-20');
    const refused = await add(enums.application_status.rejected);
    now = winter('2027-01-20T23:59');
    expect((await lineOf(id))?.rejected ?? 0).toBe(0);
    expect(await anonymised(refused)).toBe(false);
    now = winter('2027-01-21T00:00');
    expect(await lineOf(id)).toMatchObject({ rejected: 1 });
    expect(await anonymised(refused)).toBe(true);
  });

  it('in summer: an approved application counts from the Stockholm day its follow-up was sent in, and is anonymised from 00:00', async () => {
    // Sent in at 00:30 on 11 July in Stockholm (still 10 July in UTC): seven years on is 2027-07-11, reached on the 12th.
    const { id, add } = await closedPeriod(t.db, '2020-06-15');
    const followedUp = await add(enums.application_status.approved, { followup_sent_in_at: summer('2020-07-11T00:30') });
    now = summer('2027-07-11T23:59');
    expect((await lineOf(id))?.approved ?? 0).toBe(0);
    expect(await anonymised(followedUp)).toBe(false);
    now = summer('2027-07-12T00:00');
    expect(await lineOf(id)).toMatchObject({ approved: 1 });
    expect(await anonymised(followedUp)).toBe(true);
  });

  it('takes a postponement until today at 23:59, and refuses that day from 00:00 the next, in winter and in summer', async () => {
    const { id } = await closedPeriod(t.db, '2024-01-01');
    const postpone = (until: string) => api('PUT', `/retention/postponements/${id}`, admin, { until, reason: 'Revision pågår' });
    for (const [at, day, next] of [
      [winter, '2027-02-10', '2027-02-11'],
      [summer, '2027-06-10', '2027-06-11'],
    ] as const) {
      now = at(`${day}T23:59`);
      expect((await postpone(day)).statusCode).toBe(200);
      now = at(`${next}T00:00`);
      const refused = await postpone(day);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.until).toBeDefined();
    }
  });
});
