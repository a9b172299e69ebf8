import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import * as migration from '../../db/migrations/0019_decision_release.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, decideThroughApi, sessionCookie, type TestApp } from '../../test/testApp.js';

// The applicant's global goals (their answer) and the decision's are kept apart: a decision never writes over what
// the applicant chose, and each is shown where it belongs.

const { approved, rejected, ongoing } = enums.application_status;

let t: TestApp;
let admin: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'goals-admin@test.se');
  admin = await sessionCookie(t.app, 'goals-admin@test.se');
  await createStaff(t.db, 'admin', 'goals-second@test.se');
  second = await sessionCookie(t.app, 'goals-second@test.se');
});
afterAll(() => t.close());

const get = async (url: string, cookie = admin) => {
  const response = await call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** A decision; one the applicant was told changes by two, asked by the admin and approved by a second. */
const decide = (uuid: string, data: object) => decideThroughApi(t.app, uuid, data, admin, second);

/** An application whose applicant chose goals 3 and 10, in a period of its own, with the applicant signed in. */
async function withGoals(options: { capped?: boolean } = {}) {
  const period = await createPeriod(t.db, `Mål ${randomUUID()}`, { capped: options.capped, availableMoney: 1_000_000_00 });
  const applicantId = await createApplicant(t.db, `${randomUUID()}@test.se`);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: ongoing });
  await t.db
    .updateTable('applications')
    .set({ global_goals: [3, 10] })
    .where('id', '=', application.id)
    .execute();
  return { ...application, period, cookie: await applicantCookie(t.db, applicantId) };
}

describe('the applicant’s global goals and the decision’s', () => {
  it('keeps the applicant’s answer when a decision names other goals, and shows each where it belongs', async () => {
    const application = await withGoals();
    expect((await get(`/applications/${application.uuid}/decision`)).applicant_global_goals).toEqual([3, 10]);
    const saved = await decide(application.uuid, { status: approved, approved_money: 50_000_00, global_goals: [13, 5] });
    expect(saved.statusCode, saved.body).toBe(200);

    // The decision view: the decision's goals, beside what the applicant answered.
    expect(saved.json().data).toMatchObject({ global_goals: [5, 13], applicant_global_goals: [3, 10] });
    // Staff's view of the applicant's answers, and the applicant's own summary: theirs.
    expect((await get(`/applications/${application.uuid}`)).global_goals).toEqual([3, 10]);
    await call(t.app, { method: 'POST', url: `/api/v1/applications/${application.uuid}/decision-release`, cookie: admin });
    expect((await get(`/portal/applications/${application.uuid}`, application.cookie)).global_goals).toEqual([3, 10]);
    // The decided list: each under its own name.
    const [row] = (await get(`/applications/decided?period=${application.period.id}`)).data;
    expect(row).toMatchObject({ global_goals: [3, 10], decision_global_goals: [5, 13] });

    // A rejection names no goals, and still leaves the applicant's.
    await decide(application.uuid, { status: rejected });
    expect(await get(`/applications/${application.uuid}/decision`)).toMatchObject({ global_goals: [], applicant_global_goals: [3, 10] });
    expect((await get(`/applications/${application.uuid}`)).global_goals).toEqual([3, 10]);
  });

  it('leaves the applicant’s goals as they are under a capped period’s decision, which names none', async () => {
    const application = await withGoals({ capped: true });
    expect((await decide(application.uuid, { status: approved, approved_money: 10_000_00 })).statusCode).toBe(200);
    expect(await get(`/applications/${application.uuid}/decision`)).toMatchObject({ global_goals: [], applicant_global_goals: [3, 10] });
    expect((await get(`/applications/${application.uuid}`)).global_goals).toEqual([3, 10]);
  });
});

describe('migration 0019 on what was stored before it', () => {
  it('gives back the goals a decision wrote over, and takes a mail sent before a change as telling the earlier decision', async () => {
    // A database of its own, taken back to before the migration, with applications as the earlier code left them.
    const before = await createTestApp();
    try {
      const { db } = before;
      // The migration's own view of the database: untyped, as the migrator hands it over.
      const raw = db as unknown as Kysely<unknown>;
      await migration.down(raw);
      const period = await createPeriod(db, 'Före 0019');
      const applicantId = await createApplicant(db, `${randomUUID()}@test.se`);
      const insert = async (values: Record<string, unknown>) => {
        const { id } = await createApplication(db, { periodId: period.id, frontendUserId: applicantId, status: ongoing });
        await sql`UPDATE applications SET ${sql.join(
          Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
        )} WHERE id = ${id}`.execute(db);
        return id;
      };
      const history = (id: number, action: string, before: object | null, after: object) =>
        sql`INSERT INTO application_history (application_id, action, before, after)
            VALUES (${id}, ${action}, ${before && JSON.stringify(before)}, ${JSON.stringify(after)})`.execute(db);
      const decision = (goals: number[], status: number, money: number | null) => ({
        status,
        approved_money: money,
        approved_fou: null,
        approved_nok: null,
        global_goals: goals,
      });
      const mailed = new Date('2026-05-22T10:00:00Z');

      // Approved with goals [5] over the applicant's [3, 10], mailed, then the amount changed.
      const overwritten = await insert({
        status: approved,
        approved_money: 30_000_00,
        global_goals: [5],
        decided_at: mailed,
        distribution_mail_sent_at: mailed,
      });
      await history(overwritten, 'decision', decision([3, 10], ongoing, null), decision([5], approved, 40_000_00));
      await history(overwritten, 'decision_mail_sent', { distribution_mail_sent_at: null }, { decision: approved, resend: false });
      await history(overwritten, 'decision', decision([5], approved, 40_000_00), decision([5], approved, 30_000_00));
      // Decided without changing the applicant's goals, then rejected; never mailed.
      const kept = await insert({ status: rejected, global_goals: [4], decided_at: mailed });
      await history(kept, 'decision', decision([4], ongoing, null), decision([4], rejected, null));
      // Mailed, with no history (the demo's kind): told what it holds.
      const plain = await insert({ status: rejected, global_goals: [7], decided_at: mailed, distribution_mail_sent_at: mailed });

      await migration.up(raw);
      const rows = await db
        .selectFrom('applications')
        .select([
          'id',
          'global_goals',
          'decision_global_goals',
          'mailed_status',
          'mailed_money',
          'released_at',
          'released_status',
          'released_money',
        ])
        .where('id', 'in', [overwritten, kept, plain])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: overwritten,
          global_goals: [3, 10],
          decision_global_goals: [5],
          mailed_status: approved,
          mailed_money: 40_000_00,
          released_at: mailed,
          released_status: approved,
          released_money: 40_000_00,
        },
        {
          id: kept,
          global_goals: [4],
          decision_global_goals: [],
          mailed_status: null,
          mailed_money: null,
          released_at: null,
          released_status: null,
          released_money: null,
        },
        {
          id: plain,
          global_goals: [7],
          decision_global_goals: [],
          mailed_status: rejected,
          mailed_money: null,
          released_at: mailed,
          released_status: rejected,
          released_money: null,
        },
      ]);
    } finally {
      await before.close();
    }
  });
});
