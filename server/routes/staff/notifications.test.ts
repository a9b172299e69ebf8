import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { sentInApplication } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;

interface StaffOptions {
  role?: 'admin' | 'utredare';
  notify?: boolean;
  notificationsEmail?: string | null;
  locale?: string;
  active?: boolean;
}

/** A staff user with their notification settings, and a session cookie to call as them. */
async function staff({ role = 'utredare', notify = false, notificationsEmail = null, locale = 'sv-SE', active = true }: StaffOptions = {}) {
  const email = `${randomUUID()}@stiftelsen.se`;
  const id = await createStaff(t.db, role, email, active);
  await t.db
    .updateTable('users')
    .set({ notify_on_applications: notify, notifications_email: notificationsEmail, locale })
    .where('id', '=', id)
    .execute();
  return { id, email, cookie: `staff_session=${await createSession(t.db, 'staff', id, 3600)}` };
}

/** An application sent in by Sara Sökande, and her session. */
const sentIn = (locale?: string) => sentInApplication(t.db, locale);

const assign = (applicationId: number, userId: number) =>
  t.db.insertInto('investigations').values({ application_id: applicationId, user_id: userId }).execute();
const applicantWrites = (application: { uuid: string; applicant: string }, body: string) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${application.uuid}/messages`,
    cookie: application.applicant,
    payload: { data: { body } },
  });
const notifiedUsers = async (applicationId: number) =>
  (await t.db.selectFrom('notifications').select('user_id').where('application_id', '=', applicationId).orderBy('user_id').execute()).map(
    (n) => n.user_id,
  );
const mailsTo = (recipient: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', recipient).execute();
const inbox = (cookie: string, query = '') => call(t.app, { method: 'GET', url: `/api/v1/notifications${query}`, cookie });
const markRead = (cookie: string, id: number) => call(t.app, { method: 'POST', url: `/api/v1/notifications/${id}/read`, cookie });
const markAllRead = (cookie: string) => call(t.app, { method: 'POST', url: '/api/v1/notifications/read', cookie });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications of an applicant’s message', () => {
  it('notify the investigators and the managers who opted in, each once, and mail those with an address in their language', async () => {
    const application = await sentIn();
    const investigator = await staff({ notificationsEmail: `notis-${randomUUID()}@stiftelsen.se` });
    const silentInvestigator = await staff();
    const manager = await staff({
      role: 'admin',
      notify: true,
      notificationsEmail: `Manager-${randomUUID()}@Stiftelsen.se`,
      locale: 'en-US',
    });
    const busyManager = await staff({ role: 'admin', notificationsEmail: `busy-${randomUUID()}@stiftelsen.se` });
    const goneManager = await staff({
      role: 'admin',
      notify: true,
      notificationsEmail: `gone-${randomUUID()}@stiftelsen.se`,
      active: false,
    });
    const goneInvestigator = await staff({ notificationsEmail: `gone-${randomUUID()}@stiftelsen.se`, active: false });
    const optedInvestigator = await staff({ notify: true, notificationsEmail: `opted-${randomUUID()}@stiftelsen.se` });
    const grantedManager = await staff({ notify: true });
    await t.db.insertInto('user_abilities').values({ user_id: grantedManager.id, ability: 'manage-applications' }).execute();
    for (const user of [investigator, silentInvestigator, manager, goneInvestigator]) await assign(application.id, user.id);

    expect((await applicantWrites(application, 'Här kommer budgeten.')).statusCode).toBe(201);

    // The manager is also an investigator on it, and is notified once; an investigator of other applications who
    // opted in manages nothing, and the inactive are left out.
    expect(await notifiedUsers(application.id)).toEqual(
      [investigator.id, silentInvestigator.id, manager.id, grantedManager.id].sort((a, b) => a - b),
    );
    const [swedish] = await mailsTo((await addressOf(investigator.id))!);
    expect(swedish.subject).toBe(`Nytt meddelande från sökanden om ansökan ${application.reference}`);
    expect(swedish.body_text).toContain('Hej Erik!');
    expect(swedish.body_text).toContain(`Sara Sökande har skrivit ett nytt meddelande om ansökan ${application.reference}.`);
    expect(swedish.body_text).toContain(`http://localhost:3000/admin/applications?show=${application.uuid}&tab=dialogue`);
    expect(swedish.body_text).not.toContain('Här kommer budgeten.');
    const [english] = await mailsTo((await addressOf(manager.id))!);
    expect(english.subject).toBe(`New message from the applicant on application ${application.reference}`);
    expect(english.body_text).toContain('Hello Anna,');
    expect(english.body_text).toContain(`http://localhost:3000/admin/applications?show=${application.uuid}&tab=dialogue`);
    for (const user of [busyManager, goneManager, goneInvestigator, optedInvestigator])
      expect(await mailsTo((await addressOf(user.id))!), String(user.id)).toEqual([]);
    for (const user of [silentInvestigator, grantedManager]) expect(await mailsTo(user.email)).toEqual([]);

    const seen = await inbox(investigator.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      data: [
        {
          id: expect.any(Number),
          kind: 'applicant_message',
          application: { uuid: application.uuid, reference: application.reference, applicant_name: 'Sara Sökande' },
          created_at: expect.any(String),
          read_at: null,
        },
      ],
      total: 1,
      unread: 1,
    });
    expect((await inbox(busyManager.cookie)).json().data).toMatchObject({ data: [], total: 0, unread: 0 });
  });

  it('never reach one who stood aside from the application, as its investigator or as a manager who opted in', async () => {
    const application = await sentIn();
    const aside = await staff({ notificationsEmail: `aside-${randomUUID()}@stiftelsen.se` });
    // A manager of this application's period alone, so the other tests' applications never reach them.
    const asideManager = await staff({ notify: true, notificationsEmail: `aside-${randomUUID()}@stiftelsen.se` });
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: asideManager.id, ability: 'manage-applications', entity_type: 'periods', entity_id: application.period })
      .execute();
    const colleague = await staff({ notificationsEmail: `colleague-${randomUUID()}@stiftelsen.se` });
    for (const user of [aside, colleague]) await assign(application.id, user.id);
    for (const user of [aside, asideManager])
      await t.db
        .insertInto('conflicts_of_interest')
        .values({ application_id: application.id, user_id: user.id, declared_at: new Date() })
        .execute();

    expect((await applicantWrites(application, 'Här kommer budgeten.')).statusCode).toBe(201);
    // (Managers of every application whom other tests made, opted in, are notified too.)
    const notified = await notifiedUsers(application.id);
    expect(notified).toContain(colleague.id);
    expect(notified).not.toContain(aside.id);
    expect(notified).not.toContain(asideManager.id);
    for (const user of [aside, asideManager]) {
      expect(await mailsTo((await addressOf(user.id))!)).toEqual([]);
      expect((await inbox(user.cookie)).json().data).toMatchObject({ total: 0, unread: 0 });
    }
  });

  it('leave nothing behind when the message is refused', async () => {
    const application = await sentIn();
    const investigator = await staff({ notificationsEmail: `refused-${randomUUID()}@stiftelsen.se` });
    await assign(application.id, investigator.id);
    expect((await applicantWrites(application, '   ')).statusCode).toBe(422);
    expect(await notifiedUsers(application.id)).toEqual([]);
    expect(await mailsTo((await addressOf(investigator.id))!)).toEqual([]);
  });
});

describe('a user’s own notifications', () => {
  it('are listed newest first with the unread count, and marked read one by one or all at once', async () => {
    const application = await sentIn();
    const mine = await staff();
    const theirs = await staff();
    await assign(application.id, mine.id);
    await assign(application.id, theirs.id);
    for (const body of ['Första', 'Andra', 'Tredje']) expect((await applicantWrites(application, body)).statusCode).toBe(201);

    const all = (await inbox(mine.cookie)).json().data;
    expect(all).toMatchObject({ total: 3, unread: 3, current_page: 1, per_page: 50, last_page: 1 });
    const ids = all.data.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = (await inbox(mine.cookie, '?page=2&per_page=2')).json().data;
    expect(page).toMatchObject({ total: 3, unread: 3, current_page: 2, per_page: 2, last_page: 2 });
    expect(page.data.map((n: { id: number }) => n.id)).toEqual([ids[2]]);
    expect((await inbox(mine.cookie, '?per_page=0')).statusCode).toBe(422);

    // Another user's notification is as unknown as one that does not exist.
    const [othersId] = (await inbox(theirs.cookie)).json().data.data.map((n: { id: number }) => n.id);
    const foreign = await markRead(mine.cookie, othersId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Vi kunde inte hitta det du letade efter.' });
    expect((await markRead(mine.cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await inbox(theirs.cookie)).json().data.unread).toBe(3);

    expect((await markRead(mine.cookie, ids[1])).statusCode).toBe(204);
    const afterOne = (await inbox(mine.cookie)).json().data;
    expect(afterOne.unread).toBe(2);
    expect(afterOne.data.map((n: { read_at: string | null }) => n.read_at !== null)).toEqual([false, true, false]);
    // Marking it again keeps the time it was first read.
    const firstRead = afterOne.data[1].read_at;
    expect((await markRead(mine.cookie, ids[1])).statusCode).toBe(204);
    expect((await inbox(mine.cookie)).json().data.data[1].read_at).toBe(firstRead);

    expect((await markAllRead(mine.cookie)).statusCode).toBe(204);
    const afterAll = (await inbox(mine.cookie)).json().data;
    expect(afterAll.unread).toBe(0);
    expect(afterAll.total).toBe(3);
    expect((await inbox(theirs.cookie)).json().data.unread).toBe(3);
  });

  it('are documented, for every signed-in staff user', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    expect(paths['/notifications'].get.summary).toBeTruthy();
    expect(paths['/notifications/{id}/read'].post.summary).toBeTruthy();
    expect(paths['/notifications/read'].post.summary).toBeTruthy();
    const declared = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/notifications')).map((r) => [r.method, r.url, r.access]);
    expect(declared).toEqual([
      ['GET', '/api/v1/notifications', 'staff'],
      ['HEAD', '/api/v1/notifications', 'staff'],
      ['POST', '/api/v1/notifications/:id/read', 'staff'],
      ['POST', '/api/v1/notifications/read', 'staff'],
    ]);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});

async function addressOf(userId: number) {
  const { notifications_email } = await t.db
    .selectFrom('users')
    .select('notifications_email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return notifications_email;
}
