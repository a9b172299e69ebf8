import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod, sentInApplication } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// An applicant's draft is theirs alone until it is sent in: no staff route reaches it, for any role.
let t: TestApp;
let staff: { admin: string; investigator: string };
let draft: { uuid: string; file: string };

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'privacy-admin@test.se');
  await createStaff(t.db, 'utredare', 'privacy-investigator@test.se');
  staff = {
    admin: await sessionCookie(t.app, 'privacy-admin@test.se'),
    investigator: await sessionCookie(t.app, 'privacy-investigator@test.se'),
  };
  const period = await createPeriod(t.db, 'Utkastets period');
  const applicantId = await createApplicant(t.db, 'utkast-privat@test.se');
  const row = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: enums.application_status.draft });
  const form = multipart([{ name: 'file', filename: 'Budget.pdf', content: pdf() }]);
  const uploaded = await call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${row.uuid}/files`,
    cookie: await applicantCookie(t.db, applicantId),
    payload: form.payload,
    headers: form.headers,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  draft = { uuid: row.uuid, file: uploaded.json().data.uuid };
});
afterAll(() => t.close());

const reads = (uuid: string, file: string) => [
  `/applications/${uuid}`,
  `/applications/${uuid}/history`,
  `/applications/${uuid}/files/${file}`,
  `/applications/${uuid}/messages`,
  `/applications/${uuid}/investigations`,
  `/applications/${uuid}/followup`,
];

describe('an applicant’s draft and staff', () => {
  it.each(['admin', 'investigator'] as const)('the %s reads nothing of it: every read is 404', async (role) => {
    for (const url of reads(draft.uuid, draft.file)) {
      const response = await call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: staff[role] });
      expect([403, 404], `${role} GET ${url}: ${response.statusCode}`).toContain(response.statusCode);
      if (role === 'admin') expect(response.statusCode, `GET ${url}`).toBe(404);
      expect(response.body).not.toContain('Budget.pdf');
    }
  });

  it('the admin changes nothing of it', async () => {
    const writes: [string, string, unknown][] = [
      ['POST', `/applications/${draft.uuid}/updateStatus`, { data: { status: enums.application_status.received } }],
      ['POST', `/applications/${draft.uuid}/finished`, { data: { finished: true } }],
      ['PUT', `/applications/${draft.uuid}/decision`, { data: { status: enums.application_status.rejected } }],
      ['POST', `/applications/${draft.uuid}/followup/request`, undefined],
      ['DELETE', `/applications/${draft.uuid}/files/${draft.file}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const response = await call(t.app, {
        method: method,
        url: `/api/v1${url}`,
        cookie: staff.admin,
        payload: payload as object,
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    const stored = await t.db
      .selectFrom('applications')
      .select(['status', 'finished'])
      .where('uuid', '=', draft.uuid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: enums.application_status.draft, finished: false });
  });

  it('lists never show it, and the same reads work once an application is sent in', async () => {
    const all = await call(t.app, { method: 'GET', url: '/api/v1/applications/all?per_page=100', cookie: staff.admin });
    expect(all.json().data.data.map((a: { uuid: string }) => a.uuid)).not.toContain(draft.uuid);
    const sent = await sentInApplication(t.db);
    for (const url of [`/applications/${sent.uuid}`, `/applications/${sent.uuid}/history`, `/applications/${sent.uuid}/messages`]) {
      expect((await call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: staff.admin })).statusCode, url).toBe(200);
    }
  });
});
