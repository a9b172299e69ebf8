import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { closedPeriod } from '../test/retentionFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The retention rules as their nightly run applies them, on a clock the tests move: each rule reaches its
// applications the day after its time has passed (in Stockholm), no earlier; a postponed period waits; every run is
// recorded. A database of this file's own: the rules are one row, which these tests change.

const { draft, received, ongoing, approved, rejected } = enums.application_status;
let now = new Date('2026-05-04T08:00:00Z');
let t: TestApp;
let admin: string;
let investigator: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  await createStaff(t.db, 'admin', 'run-admin@test.se');
  await createStaff(t.db, 'utredare', 'run-investigator@test.se');
  admin = await sessionCookie(t.app, 'run-admin@test.se');
  investigator = await sessionCookie(t.app, 'run-investigator@test.se');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown, cookie = admin) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });
const setRules = async (rules: { draft_months: number; rejected_months: number; approved_years: number }) =>
  expect((await api('PUT', '/retention', rules)).statusCode).toBe(200);
const run = async () => {
  const response = await api('POST', '/retention/runs');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: RunAnswer }>().data;
};
interface RunAnswer {
  drafts: number;
  rejected: number;
  approved: number;
  accounts: number;
  by: { id: number; name: string } | null;
  periods: { period: { id: number }; drafts: number; rejected: number; approved: number; postponed?: { until: string; reason: string } }[];
}
const lineOf = (answer: RunAnswer, periodId: number) => answer.periods.find((line) => line.period.id === periodId);

const period = (endDate: string) => closedPeriod(t.db, endDate);

const stateOf = async (applicationId: number) =>
  t.db
    .selectFrom('applications')
    .select(['status', 'frontend_user_id', 'contact_last_name', 'anonymised_at'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
const anonymised = (state: Awaited<ReturnType<typeof stateOf>>) =>
  state !== undefined && state.anonymised_at !== null && state.frontend_user_id === null && state.contact_last_name === null;

describe('a run of the retention rules', () => {
  it('applies each rule on the day after its time has passed in Stockholm, and not the day before', async () => {
    await setRules({ draft_months: 12, rejected_months: 24, approved_years: 7 });
    const { id, add } = await period('2023-03-31');
    const neverSent = await add(draft);
    const sentThenDraft = await add(draft, { sent_in_at: new Date('2023-03-20T10:00:00Z') });
    const refused = await add(rejected);
    const followedUp = await add(approved, { followup_sent_in_at: new Date('2018-03-25T10:00:00Z') });
    const noFollowup = await add(approved);
    const waiting = [await add(received), await add(ongoing)];

    // 12 months after 2023-03-31 is 2024-03-31: that day keeps the draft, the next (from midnight in Stockholm) not.
    now = new Date('2024-03-31T21:59:00Z');
    expect(lineOf(await run(), id)).toBeUndefined();
    expect(await stateOf(neverSent)).toBeDefined();
    now = new Date('2024-03-31T22:00:00Z');
    expect(lineOf(await run(), id)).toMatchObject({ drafts: 1, rejected: 0, approved: 0 });
    expect(await stateOf(neverSent)).toBeUndefined();

    // Rejected: 24 months after the period; approved: 7 years after the follow-up sent in on 2018-03-25.
    now = new Date('2025-03-31T21:59:00Z');
    expect(lineOf(await run(), id)).toMatchObject({ drafts: 0, rejected: 0, approved: 1 });
    expect(anonymised(await stateOf(followedUp))).toBe(true);
    expect(anonymised(await stateOf(refused))).toBe(false);
    now = new Date('2025-03-31T22:00:00Z');
    expect(lineOf(await run(), id)).toMatchObject({ rejected: 1, approved: 0 });
    expect(anonymised(await stateOf(refused))).toBe(true);

    // Approved without a follow-up: 7 years after the period closed.
    now = new Date('2030-03-31T21:00:00Z');
    expect(lineOf(await run(), id)).toBeUndefined();
    now = new Date('2030-04-01T08:00:00Z');
    expect(lineOf(await run(), id)).toMatchObject({ approved: 1 });
    expect(anonymised(await stateOf(noFollowup))).toBe(true);

    // What is still being handled, and a draft once sent in, are no rule's; nothing is anonymised twice.
    for (const kept of [...waiting, sentThenDraft]) expect(anonymised(await stateOf(kept))).toBe(false);
    now = new Date('2040-01-01T08:00:00Z');
    expect(lineOf(await run(), id)).toBeUndefined();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM application_history WHERE action = 'anonymised' AND application_id = ANY(${[refused, followedUp, noFollowup]}::int[])
    `.execute(t.db);
    expect(rows[0].n).toBe(3);
  });

  it('skips a postponed period, says why in its record, and applies the rules again the day after the postponement', async () => {
    await setRules({ draft_months: 1, rejected_months: 1, approved_years: 1 });
    now = new Date('2026-05-04T08:00:00Z');
    const { id, add } = await period('2025-01-31');
    const refused = await add(rejected);

    // Bad postponements change nothing.
    expect((await api('PUT', `/retention/postponements/${id}`, { until: '2026-05-03', reason: 'Revision pågår' })).statusCode).toBe(422);
    expect((await api('PUT', `/retention/postponements/${id}`, { until: '2032-01-01', reason: 'Revision pågår' })).statusCode).toBe(422);
    expect((await api('PUT', `/retention/postponements/${id}`, { until: '2026-06-30', reason: '' })).statusCode).toBe(422);
    expect((await api('PUT', '/retention/postponements/999999', { until: '2026-06-30', reason: 'Revision pågår' })).statusCode).toBe(404);
    expect((await api('PUT', `/retention/postponements/${id}`, { until: '2026-06-30', reason: 'Revision' }, investigator)).statusCode).toBe(
      403,
    );

    const postponed = await api('PUT', `/retention/postponements/${id}`, { until: '2026-06-30', reason: 'Revision pågår' });
    expect(postponed.statusCode, postponed.body).toBe(200);
    const preview = postponed.json<{
      data: { periods: { period: { id: number }; rejected: number; postponed: unknown }[]; totals: { rejected: number } };
    }>().data;
    expect(preview.periods.find((line) => line.period.id === id)).toMatchObject({
      rejected: 1,
      postponed: { until: '2026-06-30', reason: 'Revision pågår', by: { name: expect.any(String) } },
    });

    expect(lineOf(await run(), id)).toEqual({
      period: expect.objectContaining({ id }),
      drafts: 0,
      rejected: 0,
      approved: 0,
      postponed: { until: '2026-06-30', reason: 'Revision pågår' },
    });
    expect(anonymised(await stateOf(refused))).toBe(false);
    now = new Date('2026-06-30T21:00:00Z'); // 23:00 on the last day it waits
    expect(lineOf(await run(), id)?.postponed).toBeDefined();
    now = new Date('2026-06-30T22:00:00Z'); // midnight: 1 July in Stockholm
    expect(lineOf(await run(), id)).toMatchObject({ rejected: 1 });
    expect(anonymised(await stateOf(refused))).toBe(true);

    // Lifting a postponement: the next run applies the rules; lifting none is a 404.
    const other = await period('2025-01-31');
    const otherRefused = await other.add(rejected);
    expect((await api('PUT', `/retention/postponements/${other.id}`, { until: '2027-01-01', reason: 'Tvist' })).statusCode).toBe(200);
    expect((await api('DELETE', `/retention/postponements/${other.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/retention/postponements/${other.id}`)).statusCode).toBe(404);
    expect(lineOf(await run(), other.id)).toMatchObject({ rejected: 1 });
    expect(anonymised(await stateOf(otherRefused))).toBe(true);
    await setRules({ draft_months: 12, rejected_months: 24, approved_years: 7 });
  });

  it('runs every night as a job of the queue, and every run is in the record, newest first', async () => {
    now = new Date('2050-01-01T03:40:00Z'); // after every other test's runs
    const before = await api('GET', '/retention/runs');
    const count = before.json<{ data: unknown[] }>().data.length;
    const id = await t.jobs.send('retention');
    const state = async () =>
      (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'retention' AND id = ${id}`.execute(t.db)).rows[0]?.state;
    await expect.poll(state, { timeout: 15_000 }).toBe('completed');
    await run();
    const runs = (await api('GET', '/retention/runs')).json<{ data: RunAnswer[] }>().data;
    expect(runs.length).toBe(Math.min(30, count + 2));
    expect(runs[0].by).toMatchObject({ name: expect.any(String) });
    expect(runs[1].by).toBeNull();
    expect((await api('GET', '/retention/runs', undefined, investigator)).statusCode).toBe(403);
    expect((await api('POST', '/retention/runs', undefined, investigator)).statusCode).toBe(403);
  });
});
