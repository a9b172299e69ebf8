import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Db } from './db/connect.js';
import { createDatabase, freePort } from './db/embedded.js';
import { TEMPLATE, withDatabase } from './test/globalSetup.js';
import { appEnv, startServerProcess, type ServerProcess } from './test/serverProcess.js';
import { startSmtpServer } from './test/smtpServer.js';
import { grantedApplication } from './test/payoutFixtures.js';
import { createStaff, PASSWORD } from './test/testApp.js';

// Values no line of the log may hold, each distinctive enough that finding it anywhere means it leaked.
const applicant = { email: 'loggprov.zelda@example.se', first_name: 'Xiomaraqz', last_name: 'Vrålbergqz' };
const refused = { email: 'studsar.yngveqz@example.se', first_name: 'Yngveqz', last_name: 'Studsbergqz' };
const staffEmail = 'loggprov.handlaggare@example.se';
const newPassword = 'Nytt-lösen-qz-4711!';
const bearer = 'Bearer hemlig-qz-0xDEADBEEF';
const strayCookie = 'kaka=hemlig-qz-smula';
const accountNumbers = {
  account_number: '9020-123456qz',
  clearing: '8327-9',
  bankgiro: '5050-1055',
  bankgiro_digits: '50501055',
  plusgiro: '4711-1',
  personal_number: '19800101-1234',
};

let server: ServerProcess;
let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
let dataDir: string;

beforeAll(async () => {
  const adminUrl = inject('adminUrl');
  const name = `logs_${randomUUID().replaceAll('-', '')}`;
  await createDatabase(adminUrl, name, TEMPLATE);
  db = connect(withDatabase(adminUrl, name), () => {});
  await createStaff(db, 'admin', staffEmail);
  smtp = await startSmtpServer({ refuses: (address) => address === refused.email });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'logs-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}/api/v1`;
  server = await startServerProcess(
    appEnv(port, dataDir, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: withDatabase(adminUrl, name),
      SMTP_URL: smtp.url,
      // The password's sign-in is what these lines follow; the second factor's routes log alike.
      STAFF_2FA: 'optional',
    }),
  );
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await db?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every answer's X-Request-Id, to find its lines in the log. */
const answeredIds: string[] = [];

async function call(url: string, init: { method?: string; data?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
    method: init.method ?? (init.data === undefined ? 'GET' : 'POST'),
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(init.data === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.data === undefined ? undefined : JSON.stringify({ data: init.data }),
  });
  const id = response.headers.get('x-request-id');
  expect(id, url).toBeTruthy();
  answeredIds.push(id!);
  return response;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** The token of the last link to `path` mailed to `to`, once the mail has come. */
async function mailedToken(to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`${linkPath}/([A-Za-z0-9_-]{43})`);
  // The body is quoted-printable: its soft line breaks may cut the link.
  const links = () => smtp.receivedBy(to).flatMap((mail) => pattern.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1] ?? []);
  await expect.poll(() => links().length, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
  return links().at(-1)!;
}

describe('the log', () => {
  it(
    'is one JSON line per event, each request line with the id its answer named, and holds no personal data, token, cookie or account number',
    { timeout: 90_000 },
    async () => {
      const secrets: string[] = [
        applicant.email,
        applicant.first_name,
        applicant.last_name,
        refused.email,
        refused.first_name,
        staffEmail,
        PASSWORD,
        newPassword,
        bearer,
        strayCookie,
        ...Object.values(accountNumbers),
      ];

      // An applicant registers, and signs in by the mailed link: the link's page, then the token spent.
      expect((await call('/frontend-users/register', { data: { ...applicant, email_confirmation: applicant.email } })).status).toBe(200);
      const loginToken = await mailedToken(applicant.email, '/logga-in');
      await call(`${base.replace('/api/v1', '')}/logga-in/${loginToken}?next=%2Fansok`);
      const signedIn = await call('/frontend-users/login', { data: { token: loginToken } });
      expect(signedIn.status).toBe(200);
      const applicantCookie = cookieOf(signedIn);
      expect((await call('/frontend-users/me', { headers: { cookie: applicantCookie } })).status).toBe(200);

      // Staff sign in with a password, ask for a new one and set it by the mailed link.
      expect((await call('/auth/login', { data: { email: staffEmail, password: PASSWORD } })).status).toBe(200);
      expect((await call('/auth/login', { data: { email: staffEmail, password: `${PASSWORD}x` } })).status).toBe(422);
      await call('/auth/forgot-password', { data: { email: staffEmail } });
      const resetToken = await mailedToken(staffEmail, '/admin/reset-password');
      await call(`${base.replace('/api/v1', '')}/admin/reset-password/${resetToken}`);
      expect(
        (await call('/auth/reset-password', { data: { token: resetToken, password: newPassword, password_confirmation: newPassword } }))
          .status,
      ).toBe(200);
      const staffSignIn = await call('/auth/login', { data: { email: staffEmail, password: newPassword } });
      expect(staffSignIn.status).toBe(200);
      const staffCookie = cookieOf(staffSignIn);

      // Cookies and an Authorization header; a search naming someone; account numbers in a body (refused: 422).
      const headers = { cookie: `${staffCookie}; ${strayCookie}`, authorization: bearer };
      expect((await call('/users/me', { headers })).status).toBe(200);
      expect((await call(`/frontend-users?search=${encodeURIComponent(applicant.last_name)}`, { headers })).status).toBe(200);
      expect((await call('/users/me', { method: 'PUT', data: accountNumbers, headers })).status).toBeGreaterThanOrEqual(400);
      expect((await call('/frontend-users/register', { data: { ...applicant, ...accountNumbers } })).status).toBe(422);
      // A payout asked for to a bankgiro, accepted: the account goes through to the database, not to the log.
      const grant = await grantedApplication(db);
      await db.updateTable('applications').set({ released_at: new Date() }).where('id', '=', grant.id).execute();
      const payout = { instalment_id: grant.instalments[0].id, account_type: 'bankgiro', account_number: accountNumbers.bankgiro };
      expect(
        (await call(`/portal/applications/${grant.uuid}/payouts`, { data: payout, headers: { cookie: grant.applicant } })).status,
      ).toBe(201);
      // Addresses that match no route, one with an e-mail address in it.
      expect((await call(`/no-such-thing/${encodeURIComponent(applicant.email)}`)).status).toBe(404);
      expect((await call(`/no-such-thing/${applicant.email}`, { method: 'DELETE' })).status).toBe(404);

      // A registration whose mail the mail server refuses, naming the address.
      expect((await call('/frontend-users/register', { data: { ...refused, email_confirmation: refused.email } })).status).toBe(200);
      await expect.poll(() => server.output().includes('mail delivery failed'), { timeout: 15_000, interval: 100 }).toBe(true);

      // A client's own request id is kept when it is safe, and replaced when it is not.
      expect((await call('/health', { headers: { 'x-request-id': 'client-abc.123' } })).headers.get('x-request-id')).toBe('client-abc.123');
      const unsafe = await call('/health', { headers: { 'x-request-id': `<${applicant.email}>` } });
      expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      await server.stop();
      const sessionValues = [applicantCookie, staffCookie].flatMap((cookie) => cookie.split('; ').map((pair) => pair.split('=')[1]));
      secrets.push(loginToken, resetToken, ...sessionValues);

      const output = server.output();
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      const entries = lines.map((line) => {
        try {
          return JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown; msg?: string };
        } catch {
          throw new Error(`not a JSON line: ${line}`);
        }
      });
      for (const secret of secrets) expect(output.toLowerCase(), secret).not.toContain(secret.toLowerCase());
      expect(output).toContain('[start] Ready');

      const requestLines = entries.filter((entry) => entry.req || entry.res);
      expect(requestLines.length).toBeGreaterThanOrEqual(answeredIds.length * 2);
      for (const entry of requestLines) expect(entry.reqId, JSON.stringify(entry)).toBeTruthy();
      const logged = new Set(requestLines.map((entry) => entry.reqId));
      for (const id of answeredIds) expect(logged, id).toContain(id);
      expect(entries.find((entry) => entry.msg === 'mail delivery failed')).toMatchObject({
        mailId: expect.any(Number),
        responseCode: 550,
      });
    },
  );
});
