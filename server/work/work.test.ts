import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import type { WorkKey } from '../../resources/work.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { reviewedType } from '../test/meetingFixtures.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, xhr, type TestApp } from '../test/testApp.js';
import { filterQuery, workLists, type WorkItem } from './workItems.js';
import { sendDailySummaries } from './dailySummary.js';

// What needs a staff user: each count is the total its own list answers under the filter its link carries, for that
// user alone. The app's clock stands on a Monday morning in Stockholm.
const now = new Date('2026-11-30T06:30:00Z');
const today = '2026-11-30';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
});
afterAll(() => t?.close());

const { received, approved } = enums.application_status;
const { requested, prepared } = enums.payout_status;

/** A staff user (utredare) whose other abilities hold for `periodId` alone, signed in. */
async function officer(periodId: number, abilities: string[]) {
  const email = `${randomUUID()}@stiftelsen.test`;
  const id = await createStaff(t.db, 'utredare', email);
  if (abilities.length)
    await t.db
      .insertInto('user_abilities')
      .values(abilities.map((ability) => ({ user_id: id, ability, entity_type: 'periods', entity_id: periodId })))
      .execute();
  return { id, email, cookie: await sessionCookie(t.app, email) };
}

const work = async (cookie: string) => {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/work', cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data as { items: WorkItem[]; next_meeting: { id: number; held_on: string; agenda_count: number } | null };
};

/** The list an item opens, as the admin asks for it: its total and the ids of its rows. */
async function listOf(item: WorkItem, cookie: string) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filterQuery(item.filter, 100))) for (const v of [value].flat()) query.append(name, v);
  const response = await call(t.app, { method: 'GET', url: `/api/v1${workLists[item.list].route}?${query}`, cookie });
  expect(response.statusCode).toBe(200);
  const page = response.json().data as { total: number; data: { id: number; application_id?: number }[] };
  return { total: page.total, ids: page.data.map((row) => row.id) };
}

const counts = (items: WorkItem[]) => Object.fromEntries(items.map((item) => [item.key, item.count])) as Partial<Record<WorkKey, number>>;

describe('what needs me', () => {
  it('counts each item as its list totals it, for the periods the user’s abilities reach, and leaves out what needs nobody', async () => {
    const period = await createPeriod(t.db, `Period ${randomUUID()}`);
    const me = await officer(period.id, ['manage-applications', 'manage-payouts', 'approve-payouts', 'attend-meetings']);
    const colleague = await createStaff(t.db, 'utredare', `${randomUUID()}@stiftelsen.test`);
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const application = async (values: Record<string, unknown> = {}, status: number = received, investigated = true) => {
      const row = await createApplication(t.db, { periodId: period.id, frontendUserId: applicant, status, released: false });
      if (Object.keys(values).length) await t.db.updateTable('applications').set(values).where('id', '=', row.id).execute();
      if (investigated) await t.db.insertInto('investigations').values({ application_id: row.id, user_id: colleague }).execute();
      return row;
    };
    const unread = await application({ unread_messages: true });
    const toRead = await application({ followup_at: '2026-10-01', followup_sent_in_at: new Date('2026-11-20T10:00:00Z') });
    // Read already (finished), sent in on time, and due only today: none needs anyone.
    await application({ followup_at: '2026-10-01', followup_sent_in_at: new Date('2026-11-20T10:00:00Z'), finished: true });
    const overdue = await application({ followup_at: '2026-11-29' });
    await application({ followup_at: today });
    const untold = await application({}, approved);
    await application({ released_at: now, released_status: approved }, approved);
    const nobodyOnIt = await application({}, received, false);

    // Payouts: one to prepare, one another prepared (theirs to attest), one they prepared themselves.
    const grant = await grantedApplication(t.db, {
      periodId: period.id,
      instalments: [{ amount: 100_00 }, { amount: 200_00 }, { amount: 300_00 }],
    });
    await t.db.insertInto('investigations').values({ application_id: grant.id, user_id: colleague }).execute();
    const toPrepare = await payoutOf(t.db, grant, grant.instalments[0], { status: requested });
    const toAttest = await payoutOf(t.db, grant, grant.instalments[1], { status: prepared, preparedBy: colleague });
    await payoutOf(t.db, grant, grant.instalments[2], { status: prepared, preparedBy: me.id });

    // A review of theirs still to do, and their next meeting with two applications on its agenda.
    const { typeId } = await reviewedType(t.db, [{ label: 'Nytta', scale_max: 5, weight: 1 }]);
    const reviewed = await application({ application_type_id: typeId });
    await t.db.insertInto('investigations').values({ application_id: reviewed.id, user_id: me.id }).execute();
    const meeting = await t.db
      .insertInto('meetings')
      .values({ period_id: period.id, held_on: '2026-12-03', place: 'Sparbankshuset' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('meeting_members').values({ meeting_id: meeting.id, user_id: me.id }).execute();
    await t.db
      .insertInto('meeting_agenda')
      .values([
        { meeting_id: meeting.id, application_id: untold.id, position: 1 },
        { meeting_id: meeting.id, application_id: reviewed.id, position: 2 },
      ])
      .execute();

    const mine = await work(me.cookie);
    expect(counts(mine.items)).toEqual({
      unread_messages: 1,
      followups_to_read: 1,
      followups_overdue: 1,
      decisions_to_release: 1,
      payouts_to_prepare: 1,
      payouts_to_attest: 1,
      reviews_to_do: 1,
      unassigned: 1,
    });
    expect(mine.items.every((item) => item.exact)).toBe(true);
    expect(mine.next_meeting).toMatchObject({ id: meeting.id, held_on: '2026-12-03', agenda_count: 2 });

    // Each count is its list's total, and the list holds exactly the rows counted.
    const rows: Record<WorkKey, number[]> = {
      unread_messages: [unread.id],
      followups_to_read: [toRead.id],
      followups_overdue: [overdue.id],
      decisions_to_release: [untold.id],
      payouts_to_prepare: [toPrepare.id],
      payouts_to_attest: [toAttest.id],
      reviews_to_do: [reviewed.id],
      unassigned: [nobodyOnIt.id],
    };
    for (const item of mine.items) {
      const list = await listOf(item, me.cookie);
      expect({ key: item.key, total: list.total, ids: list.ids }).toEqual({ key: item.key, total: item.count, ids: rows[item.key] });
    }

    // One whose abilities reach another period sees none of it; the same list is empty for them.
    const other = await officer((await createPeriod(t.db, `Period ${randomUUID()}`)).id, ['manage-applications', 'manage-payouts']);
    const theirs = await work(other.cookie);
    expect(theirs).toEqual({ items: [], next_meeting: null });
    expect((await listOf(mine.items[0], other.cookie)).total).toBe(0);
  });

  it('does not count what its reader stood aside from, as its list leaves it out', async () => {
    const period = await createPeriod(t.db, `Period ${randomUUID()}`);
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const [first, second] = [
      await createApplication(t.db, { periodId: period.id, frontendUserId: applicant }),
      await createApplication(t.db, { periodId: period.id, frontendUserId: applicant }),
    ];
    await t.db
      .updateTable('applications')
      .set({ unread_messages: true, followup_at: '2026-11-02' })
      .where('id', 'in', [first.id, second.id])
      .execute();
    const email = `${randomUUID()}@stiftelsen.test`;
    const id = await createStaff(t.db, 'utredare', email);
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, ability: 'manage-applications', entity_type: 'periods', entity_id: period.id })
      .execute();
    await t.db
      .insertInto('conflicts_of_interest')
      .values({ application_id: first.id, user_id: id, declared_at: now, meeting_id: null })
      .execute();
    const cookie = await sessionCookie(t.app, email);
    const { items } = await work(cookie);
    // Of both a flag's list and a day's: neither tells by its count what its reader may not read.
    for (const key of ['unread_messages', 'followups_overdue']) {
      const item = items.find((i) => i.key === key)!;
      expect({ key, count: item.count }).toEqual({ key, count: 1 });
      expect(await listOf(item, cookie)).toEqual({ total: 1, ids: [second.id] });
    }
  });

  it('refuses a malformed day in a list’s filter, as every list refuses what it cannot read', async () => {
    const period = await createPeriod(t.db, `Period ${randomUUID()}`);
    const me = await officer(period.id, ['manage-applications']);
    const attribute: Record<string, string> = {
      followup_overdue_on: 'dag för försenade uppföljningar',
      unassigned_on: 'dag för öppna perioder',
    };
    for (const day of ['2026-02-30', 'idag'])
      for (const name of ['followup_overdue_on', 'unassigned_on']) {
        const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?${name}=${day}`, cookie: me.cookie });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ [name]: [`Fältet ${attribute[name]} är inte ett giltigt datum.`] });
      }
  });
});

describe('the morning summary', () => {
  it('mails each user who asked for it what needs them, once a day, and nobody whom nothing needs', async () => {
    const period = await createPeriod(t.db, `Period ${randomUUID()}`);
    const busy = await officer(period.id, ['manage-applications']);
    const idle = await officer((await createPeriod(t.db, `Period ${randomUUID()}`)).id, ['manage-applications']);
    const unasked = await officer(period.id, ['manage-applications']);
    for (const user of [busy, idle])
      expect(
        (
          await call(t.app, {
            method: 'PUT',
            url: '/api/v1/users/me/notification-settings',
            cookie: user.cookie,
            headers: xhr,
            payload: { data: { notifications_email: null, notify_on_applications: false, daily_summary: true } },
          })
        ).json().data.daily_summary,
      ).toBe(true);
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId: applicant });
    await t.db.updateTable('applications').set({ unread_messages: true }).where('id', '=', application.id).execute();

    const deps = { mailer: t.mailer, publicUrl: 'https://ansokan.example.se' };
    const sent = await sendDailySummaries(t.db, deps, now);
    const mails = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body_text'])
      .where('recipient', 'in', [busy.email, idle.email, unasked.email])
      .execute();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(mails.map((m) => m.recipient)).toEqual([busy.email]);
    expect(mails[0].subject).toBe('Det här väntar på dig i dag, 30 nov. 2026');
    const filter = encodeURIComponent(JSON.stringify({ unread: true }));
    expect(mails[0].body_text).toContain(
      `Olästa meddelanden från sökande: 1\nhttps://ansokan.example.se/admin/applications?filter=${filter}`,
    );
    expect(mails[0].body_text).toContain('Olästa meddelanden från sökande: 1');
    expect(mails[0].body_text).toContain('Ansökningar i öppna perioder utan handläggare: 1');

    // Run again the same day (a retry, or a second process): nobody is mailed twice.
    await sendDailySummaries(t.db, deps, new Date('2026-11-30T07:10:00Z'));
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', busy.email).execute()).toHaveLength(1);
    // The next morning, again.
    await sendDailySummaries(t.db, deps, new Date('2026-12-01T06:00:00Z'));
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', busy.email).execute()).toHaveLength(2);
  });
});
