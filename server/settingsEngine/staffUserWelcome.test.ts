import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtpServer.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Stiftelsen <noreply@test.se>' } });
  await createStaff(t.db, 'admin', 'welcome-admin@test.se');
  admin = await sessionCookie(t.app, 'welcome-admin@test.se');
  // The outbox of this test's database refuses mails to these addresses, as a failing write would.
  await sql`
    CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'mail refused'; END $$;
    CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox FOR EACH ROW WHEN (NEW.recipient LIKE 'refused%') EXECUTE FUNCTION refuse_mail();
  `.execute(t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newUser = (email: string) => ({ first_name: 'Maja', last_name: 'Ek', email, role: 'utredare' });
const create = (email: string) => call(t.app, { method: 'POST', url: '/api/v1/users', cookie: admin, payload: { data: newUser(email) } });
const userIds = (emails: string[]) => t.db.selectFrom('users').select('id').where('email', 'in', emails).execute();
const mailsTo = (emails: string[]) => t.db.selectFrom('outbox').selectAll().where('recipient', 'in', emails).execute();
const links = () => t.db.selectFrom('password_resets').select('user_id').orderBy('user_id').execute();

describe('a new staff user’s password link', () => {
  it('is mailed once, with the user’s one link', async () => {
    const response = await create('welcome@test.se');
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    expect((await links()).filter((link) => link.user_id === id)).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(['welcome@test.se']))[0].sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(await mailsTo(['welcome@test.se'])).toHaveLength(1);
    const received = smtp.receivedBy('welcome@test.se');
    expect(received).toHaveLength(1);
    expect(received[0].raw).toContain('http://localhost:3000/admin/reset-password/');
  });

  it('is queued in the create’s transaction: when the mail cannot be stored, there is no user and no link', async () => {
    const before = await links();
    const response = await create('refused@test.se');
    expect(response.statusCode).toBe(500);
    expect(await userIds(['refused@test.se'])).toEqual([]);
    expect(await mailsTo(['refused@test.se'])).toEqual([]);
    expect(await links()).toEqual(before);
  });

  it('is queued in an import’s transaction: one mail that cannot be stored leaves none of the users and none of the mails', async () => {
    const before = await links();
    const rows = ['imported@test.se', 'refused-import@test.se'].map((email) => ({ ...newUser(email), locale: 'sv-SE' }));
    const response = await call(t.app, { method: 'POST', url: '/api/v1/users/import', cookie: admin, payload: { data: { rows } } });
    expect(response.statusCode).toBe(500);
    const emails = rows.map((row) => row.email);
    expect(await userIds(emails)).toEqual([]);
    expect(await mailsTo(emails)).toEqual([]);
    expect(await links()).toEqual(before);
  });
});
