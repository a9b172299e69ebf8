import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { fillTallies } from './migrations/0014_application_tallies.js';

const { draft, received, ongoing, approved, rejected } = enums.application_status;

/**
 * The tallies kept by the database (migration 0014) against a recount from the applications themselves, after each
 * kind of change the app makes: they must always be equal, or a list's total or a statistic would be wrong.
 */
describe('application tallies', () => {
  let t: TestApp;
  let periods: number[];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The tallies of this test's periods, rows with nothing in them left out, in a fixed order. */
  async function kept() {
    const { rows } = await sql`
      SELECT period_id, status, applicant_type, month, unread, in_followup, applications::int, applied::text,
             approved::text, participants::text, events::text
      FROM application_tallies
      WHERE period_id = ANY(${periods}::int[]) AND (applications, applied, approved, participants, events) <> (0, 0, 0, 0, 0)
      ORDER BY 1, 2, 3, 4, 5, 6`.execute(t.db);
    const categories = await sql`
      SELECT category_id, period_id, status, applications::int, applied::text, approved::text
      FROM category_tallies
      WHERE period_id = ANY(${periods}::int[]) AND (applications, applied, approved) <> (0, 0, 0)
      ORDER BY 1, 2, 3`.execute(t.db);
    return { applications: rows, categories: categories.rows };
  }

  /** The same figures counted from scratch. */
  async function recounted() {
    const { rows } = await sql`
      SELECT a.period_id, a.status, a.applicant_type, to_char(a.sent_in_at AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM') AS month,
             a.unread_messages AS unread, a.followup_at IS NOT NULL AND NOT a.finished AS in_followup,
             count(*)::int AS applications, coalesce(sum(a.money), 0)::text AS applied,
             coalesce(sum(a.approved_money), 0)::text AS approved,
             coalesce(sum(f.participants) FILTER (WHERE a.followup_sent_in_at IS NOT NULL), 0)::text AS participants,
             coalesce(sum(f.events) FILTER (WHERE a.followup_sent_in_at IS NOT NULL), 0)::text AS events
      FROM applications a LEFT JOIN application_followups f ON f.application_id = a.id
      WHERE a.status <> ${draft} AND a.period_id = ANY(${periods}::int[])
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6`.execute(t.db);
    const categories = await sql`
      SELECT ac.category_id, a.period_id, a.status, count(*)::int AS applications,
             coalesce(sum(a.money), 0)::text AS applied, coalesce(sum(a.approved_money), 0)::text AS approved
      FROM applications a JOIN application_categories ac ON ac.application_id = a.id
      WHERE a.status <> ${draft} AND a.period_id = ANY(${periods}::int[])
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3`.execute(t.db);
    return { applications: rows, categories: categories.rows };
  }

  const expectKeptRight = async () => expect(await kept()).toEqual(await recounted());

  it('equal a recount after every kind of change, one row or many at a time', async () => {
    periods = [(await createPeriod(t.db, `Tally ${randomUUID()}`)).id, (await createPeriod(t.db, `Tally ${randomUUID()}`)).id];
    const second = periods[1];
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const categories = await t.db
      .insertInto('categories')
      .values([1, 2, 3].map((i) => ({ label: `Tally ${i} ${randomUUID()}`, type: enums.category_type.purpose })))
      .returning('id')
      .execute();
    const statuses = [draft, received, ongoing, approved, rejected];
    const created = [];
    for (const [i, status] of [...statuses, ...statuses, received, draft].entries()) {
      created.push(
        await createApplication(t.db, {
          periodId: periods[i % 2],
          frontendUserId: applicant,
          status,
          money: 1_000_00 * (i + 1),
          approvedMoney: status === approved ? 500_00 * (i + 1) : null,
          sentInAt: `2026-0${1 + (i % 3)}-${i % 2 ? '31T23:30:00Z' : '01T00:30:00Z'}`,
        }),
      );
    }
    const ids = created.map((a) => a.id);
    await expectKeptRight();

    // Categories chosen, many in one statement and one more later; a draft's too.
    await t.db
      .insertInto('application_categories')
      .values(ids.flatMap((id, i) => categories.slice(0, 1 + (i % 3)).map((c) => ({ application_id: id, category_id: c.id }))))
      .execute();
    await expectKeptRight();

    // A draft sent in; an application decided; one moved to the other period; several at once.
    await t.db
      .updateTable('applications')
      .set({ status: received, sent_in_at: new Date('2026-04-02T10:00:00Z') })
      .where('id', '=', ids[0])
      .execute();
    await t.db.updateTable('applications').set({ status: approved, approved_money: 777_00 }).where('id', '=', ids[1]).execute();
    await t.db.updateTable('applications').set({ period_id: second }).where('id', '=', ids[2]).execute();
    await t.db.updateTable('applications').set({ status: ongoing }).where('id', 'in', ids.slice(5, 9)).execute();
    await t.db
      .updateTable('applications')
      .set({ applicant_type: enums.applicant_type.organisation })
      .where('id', 'in', ids.slice(3, 7))
      .execute();
    await expectKeptRight();

    // Messages unread and read; the follow-up requested, sent in with its figures, changed, and finished.
    await t.db.updateTable('applications').set({ unread_messages: true }).where('id', 'in', ids.slice(0, 4)).execute();
    await t.db.updateTable('applications').set({ unread_messages: false }).where('id', '=', ids[1]).execute();
    await t.db.updateTable('applications').set({ followup_at: '2026-09-01' }).where('id', 'in', ids.slice(1, 5)).execute();
    await t.db
      .insertInto('application_followups')
      .values(ids.slice(1, 5).map((id, i) => ({ application_id: id, requested_at: new Date(), participants: 10 * (i + 1), events: i + 1 })))
      .execute();
    await expectKeptRight();
    await t.db.updateTable('applications').set({ followup_sent_in_at: new Date() }).where('id', 'in', ids.slice(1, 4)).execute();
    await expectKeptRight();
    await t.db
      .updateTable('application_followups')
      .set({ participants: 99, events: null })
      .where('application_id', 'in', ids.slice(2, 5))
      .execute();
    await t.db.updateTable('applications').set({ finished: true }).where('id', '=', ids[1]).execute();
    await expectKeptRight();
    await t.db.deleteFrom('application_followups').where('application_id', '=', ids[3]).execute();
    await expectKeptRight();

    // Categories dropped (of some applications, and one category from all), an application sent back to draft, and applications deleted.
    await t.db.deleteFrom('application_categories').where('application_id', 'in', ids.slice(0, 3)).execute();
    await t.db.deleteFrom('application_categories').where('category_id', '=', categories[1].id).execute();
    await t.db.updateTable('applications').set({ status: draft }).where('id', '=', ids[6]).execute();
    await expectKeptRight();
    await t.db.deleteFrom('applications').where('id', 'in', [ids[2], ids[4], ids[9], ids[11]]).execute();
    await expectKeptRight();
    // Something was counted all along: the test would pass on two empty tallies otherwise.
    expect((await kept()).applications.length).toBeGreaterThan(4);
    expect((await kept()).categories.length).toBeGreaterThan(2);
  });

  it('are filled by the migration from the applications already there', async () => {
    periods = [(await createPeriod(t.db, `Tally ${randomUUID()}`)).id];
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const [category] = await t.db
      .insertInto('categories')
      .values({ label: `Tally ${randomUUID()}`, type: enums.category_type.target_group })
      .returning('id')
      .execute();
    for (const status of [draft, received, approved, approved, rejected]) {
      const { id } = await createApplication(t.db, { periodId: periods[0], frontendUserId: applicant, status, approvedMoney: 100_00 });
      await t.db.insertInto('application_categories').values({ application_id: id, category_id: category.id }).execute();
      await t.db
        .insertInto('application_followups')
        .values({ application_id: id, requested_at: new Date(), participants: 7, events: 2 })
        .execute();
      await t.db.updateTable('applications').set({ followup_sent_in_at: new Date() }).where('id', '=', id).execute();
    }
    const keptByTriggers = await kept();
    await sql`DELETE FROM application_tallies`.execute(t.db);
    await sql`DELETE FROM category_tallies`.execute(t.db);
    await fillTallies(t.db);
    expect(await kept()).toEqual(keptByTriggers);
    expect(await kept()).toEqual(await recounted());
    expect(keptByTriggers.categories).toHaveLength(3);
  });

  it('leave an autosave of a draft, or an edit of what they do not count, without a write', async () => {
    periods = [(await createPeriod(t.db, `Tally ${randomUUID()}`)).id];
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const draftRow = await createApplication(t.db, { periodId: periods[0], frontendUserId: applicant, status: draft });
    const sent = await createApplication(t.db, { periodId: periods[0], frontendUserId: applicant });
    const before = await kept();
    const xmin = () => sql<{ xmin: string }>`SELECT xmin::text FROM application_tallies WHERE period_id = ${periods[0]}`.execute(t.db);
    const rowVersion = (await xmin()).rows;
    await t.db.updateTable('applications').set({ money: 5_000_00, org_name: 'Föreningen' }).where('id', '=', draftRow.id).execute();
    await t.db.updateTable('applications').set({ org_city: 'Ystad', step: 3 }).where('id', '=', sent.id).execute();
    expect(await kept()).toEqual(before);
    expect((await xmin()).rows).toEqual(rowVersion);
  });
});
