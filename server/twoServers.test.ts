import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from './db/connect.js';
import { freePorts, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import { seedDemo } from './demo/demo.js';
import { createApplicant, createPeriod, releasedAs } from './test/handlingFixtures.js';
import { multipart, pdf } from './test/multipart.js';
import { startS3Server } from './test/s3Server.js';
import { startSmtpServer } from './test/smtpServer.js';
import { completeDraft } from './test/completeDraft.js';
import { dueJobsLeft } from './test/dueJobs.js';
import { appEnv, staffSession, startServerProcess, type ServerProcess } from './test/serverProcess.js';
import { createStaff, PASSWORD } from './test/testApp.js';

// Two app processes, each with a data directory of its own, on one PostgreSQL, with their files in one S3-compatible
// store and their mails through one SMTP server: what one does, the other sees at once, and what both could do (a
// mail's delivery, a scheduled reminder) happens once. Both start together on an empty database, so their migrations
// would race if nothing held them apart.

const REMINDER_SECONDS = 4;

let database: EmbeddedPostgres;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: Db;
let servers: ServerProcess[] = [];
let a: string;
let b: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'two-servers-'));
  smtp = await startSmtpServer();
  [database, s3] = await Promise.all([startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db') }), startS3Server()]);
  const ports = await freePorts(2);
  const env = (port: number, name: string) =>
    appEnv(port, path.join(dataDir, name), {
      ...s3.env,
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      FILE_STORAGE: `s3://${s3.bucket}/app`,
      AWS_S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: smtp.url,
      FOLLOWUP_REMINDER_DAYS: String(REMINDER_SECONDS / 86_400),
    });
  servers = await Promise.all([startServerProcess(env(ports[0], 'a')), startServerProcess(env(ports[1], 'b'))]);
  [a, b] = ports.map((port) => `http://127.0.0.1:${port}/api/v1`);
  db = connect(database.url, () => {});
  // The demo, its files written to the shared store as `npm start` writes them with FILE_STORAGE set.
  await seedDemo(db, new Date(), s3.storage('app'));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await db?.destroy();
  await database?.stop();
  await s3?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});
const post = (url: string, data: unknown, cookie?: string) =>
  fetch(url, { method: 'POST', headers: headers(cookie), body: JSON.stringify({ data }) });
const get = (url: string, cookie?: string) => fetch(url, { headers: headers(cookie) });

/** An applicant of their own with a complete draft of the demo's open period, started through the first process. */
const applicantWithDraft = (email: string) => completeDraft(a, db, email);

/** Mails the outbox holds for `to`, and whether each has gone by SMTP. */
const outbox = (to: string) => db.selectFrom('outbox').select(['subject', 'sent_at']).where('recipient', '=', to).orderBy('id').execute();
/** Waits until every mail of the outbox for `to` (at least `count`) has gone, then answers what the SMTP server got. */
async function deliveredTo(to: string, count: number) {
  await expect
    .poll(async () => (await outbox(to)).filter((mail) => mail.sent_at !== null).length, { timeout: 30_000, interval: 200 })
    .toBeGreaterThanOrEqual(count);
  return smtp.receivedBy(to);
}

describe('two app processes on one PostgreSQL', () => {
  it('both started together on an empty database, with each migration applied once', async () => {
    const applied = await sql<{ name: string; n: number }>`
      SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1
    `.execute(db);
    expect(applied.rows).toEqual([]);
    for (const base of [a, b]) expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it('takes a session made on one on the other, and a sign-out on either ends it at once there and within a second on the other', async () => {
    await createStaff(db, 'admin', 'two-servers-session@test.se');
    const cookie = await staffSession(a, 'two-servers-session@test.se', PASSWORD);
    expect((await get(`${a}/users/me`, cookie)).status).toBe(200);
    expect((await get(`${b}/users/me`, cookie)).status).toBe(200);
    expect((await post(`${b}/auth/logout`, {}, cookie)).status).toBeLessThan(300);
    expect((await get(`${b}/users/me`, cookie)).status).toBe(401);
    // a remembers the session it looked up for a second at most (auth/recentSessions.ts).
    await expect.poll(async () => (await get(`${a}/users/me`, cookie)).status, { timeout: 5_000, interval: 100 }).toBe(401);
  });

  it('downloads through one a file uploaded through the other, with the same headers, and removes it through either', async () => {
    const { cookie, uuid } = await applicantWithDraft('two-servers-file@test.se');
    const form = multipart([{ name: 'file', filename: 'Budget två.pdf', content: pdf(), type: 'application/pdf' }]);
    const uploaded = await fetch(`${a}/portal/applications/${uuid}/files`, {
      method: 'POST',
      headers: { ...form.headers, cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const file = (await uploaded.json()).data as { uuid: string };
    const [fromB, fromA] = await Promise.all([b, a].map((base) => get(`${base}/portal/applications/${uuid}/files/${file.uuid}`, cookie)));
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(pdf());
    for (const name of ['content-type', 'content-length', 'content-disposition', 'x-content-type-options'])
      expect(fromB.headers.get(name), name).toBe(fromA.headers.get(name));
    expect(fromB.headers.get('content-disposition')).toContain("filename*=UTF-8''Budget%20tv%C3%A5.pdf");

    const removed = await fetch(`${b}/portal/applications/${uuid}/files/${file.uuid}`, {
      method: 'DELETE',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
    });
    expect(removed.status).toBe(204);
    expect(await s3.storage('app').size(file.uuid)).toBeNull();
    expect((await get(`${a}/portal/applications/${uuid}/files/${file.uuid}`, cookie)).status).toBe(404);
  });

  it('serves the demo’s files, written to the shared store, through either', async () => {
    await createStaff(db, 'admin', 'two-servers-demo@test.se');
    const cookie = await staffSession(b, 'two-servers-demo@test.se', PASSWORD);
    const file = await db
      .selectFrom('application_files as f')
      .innerJoin('applications as ap', 'ap.id', 'f.application_id')
      .select(['f.uuid', 'ap.uuid as application', 'f.size'])
      .where('ap.status', '<>', 10)
      .executeTakeFirstOrThrow();
    for (const base of [a, b]) {
      const response = await get(`${base}/applications/${file.application}/files/${file.uuid}`, cookie);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(file.size);
    }
  });

  it('counts failed sign-ins across both: five on either, and the sixth is refused on both', async () => {
    await createStaff(db, 'admin', 'two-servers-limit@test.se');
    const attempt = (base: string, password: string) => post(`${base}/auth/login`, { email: 'two-servers-limit@test.se', password });
    for (const base of [a, b, a, b, a]) expect((await attempt(base, 'wrong-password')).status).toBe(422);
    for (const base of [b, a]) {
      const refused = await attempt(base, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });

  it('sends a confirmation mail once, whichever process delivers it', async () => {
    const email = 'two-servers-mail@test.se';
    const { cookie, uuid } = await applicantWithDraft(email);
    expect((await post(`${b}/portal/applications/${uuid}/submit`, {}, cookie)).status).toBe(200);
    expect(await deliveredTo(email, 1)).toHaveLength(1);
  });

  it('sends each due follow-up reminder once, though both processes run the reminder job', async () => {
    await createStaff(db, 'admin', 'two-servers-followup@test.se');
    const cookies = await Promise.all([a, b].map((base) => staffSession(base, 'two-servers-followup@test.se', PASSWORD)));
    // Two approved applications, the follow-up of one requested through each process: two reminder jobs, each of
    // which finds both reminders due, whichever process takes it.
    const period = await createPeriod(db, 'Två servrar');
    const applications = await Promise.all(
      [1, 2].map(async (i) => {
        const email = `two-servers-followup-${i}@test.se`;
        const applicantId = await createApplicant(db, email);
        await db.updateTable('frontend_users').set({ locale: 'en-US' }).where('id', '=', applicantId).execute();
        const application = await db
          .insertInto('applications')
          .values({
            period_id: period.id,
            frontend_user_id: applicantId,
            status: 40,
            money: 10_000_00,
            approved_money: 10_000_00,
            ...releasedAs(40, 10_000_00),
            reference: `TVÅ-${i}`,
            sent_in_at: new Date(),
          })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        return { email, uuid: application.uuid };
      }),
    );
    await Promise.all(
      applications.map((application, i) =>
        post(`${[a, b][i]}/applications/${application.uuid}/followup/request`, {}, cookies[i]).then((r) => expect(r.status).toBe(200)),
      ),
    );
    for (const application of applications) {
      await expect.poll(async () => (await outbox(application.email)).length, { timeout: 60_000, interval: 250 }).toBe(2);
    }
    await expect.poll(() => dueJobsLeft(db, ['followup-reminders', 'mail-delivery']), { timeout: 60_000, interval: 250 }).toBe(0);
    for (const application of applications) {
      const mails = await deliveredTo(application.email, 2);
      expect(mails).toHaveLength(2);
      expect((await outbox(application.email)).map((mail) => mail.subject)).toEqual([expect.any(String), expect.stringMatching(/remind/i)]);
    }
  });

  it('refuses a send-in on one the moment the period is closed on the other', async () => {
    const { cookie, uuid, periodId } = await applicantWithDraft('two-servers-closed@test.se');
    await createStaff(db, 'admin', 'two-servers-period@test.se');
    const staff = await staffSession(a, 'two-servers-period@test.se', PASSWORD);
    try {
      expect((await post(`${a}/periods/${periodId}/close`, {}, staff)).status).toBe(200);
      const refused = await post(`${b}/portal/applications/${uuid}/submit`, {}, cookie);
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toBe('Perioden är stängd och det går inte att skicka in fler ansökningar.');
    } finally {
      expect((await post(`${b}/periods/${periodId}/open`, {}, staff)).status).toBe(200);
    }
    // Opened again on the other, the same send-in goes through.
    expect((await post(`${a}/portal/applications/${uuid}/submit`, {}, cookie)).status).toBe(200);
  });
});
