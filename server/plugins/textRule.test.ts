import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { createApplicant, createApplication, createPeriod, applicantCookie, sentInApplication } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// Text PostgreSQL refuses (a NUL) or that no character encodes (half a surrogate pair), and whole numbers larger than
// the columns hold: each a translated 422 (or a 404 for a path), decided before any route runs, with nothing stored.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'text-rule-admin@test.se');
  admin = await sessionCookie(t.app, 'text-rule-admin@test.se');
});
afterAll(() => t.close());

const json = (method: 'POST' | 'PUT', url: string, cookie: string, body: unknown) =>
  call(t.app, {
    method,
    url,
    cookie,
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    payload: JSON.stringify(body),
  });
const get = (url: string, cookie = admin) => call(t.app, { method: 'GET', url, cookie, headers: { 'accept-language': 'en-US' } });
const faqCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('faqs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the text rule', () => {
  it.each([
    ['a NUL', 'Vad\u0000gäller?'],
    ['a lone surrogate', 'Vad \uD800 gäller?'],
    ['a control character', 'Vad\u0007gäller?'],
  ])('refuses %s in a settings record, naming the field', async (_, question) => {
    const before = await faqCount();
    const response = await json('POST', '/api/v1/faqs', admin, { data: { question, answer: 'Svar', order: 1 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ question: ['The question (Swedish) may contain plain text only.'] });
    expect(await faqCount()).toBe(before);
  });

  it('keeps tabs and line breaks, which texts contain', async () => {
    const response = await json('POST', '/api/v1/faqs', admin, { data: { question: 'Rad ett\toch två?', answer: 'Ett\r\nTvå', order: 1 } });
    expect(response.statusCode).toBe(201);
  });

  it("refuses it in the applicant's draft and keeps the draft as it was", async () => {
    const period = await createPeriod(t.db, `Period ${Date.now()}`);
    const applicantId = await createApplicant(t.db, `text-rule-${Date.now()}@test.se`);
    const draft = await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: applicantId,
      status: enums.application_status.draft,
    });
    const cookie = await applicantCookie(t.db, applicantId);
    const response = await json('PUT', `/api/v1/portal/applications/${draft.uuid}`, cookie, { data: { org_name: 'Förening\u0000' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['org_name']);
    const stored = await t.db.selectFrom('applications').select('org_name').where('id', '=', draft.id).executeTakeFirstOrThrow();
    expect(stored.org_name).toBeNull();
  });

  it("refuses it in an investigation's comment", async () => {
    const application = await sentInApplication(t.db);
    const response = await json('PUT', `/api/v1/applications/${application.uuid}/investigations/mine`, admin, {
      data: { status: enums.investigation_status.no_proposal, comment: 'ok\uDFFF' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('comment');
  });

  it('refuses it in a search and in a key of the body', async () => {
    const search = await get('/api/v1/applications/all?search=%00abc');
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toHaveProperty('search');
    const key = await json('POST', '/api/v1/faqs', admin, { data: { 'question\u0000': 'x', answer: 'Svar' } });
    expect(key.statusCode).toBe(422);
  });

  it('answers 404 to a path that holds one', async () => {
    expect((await get('/api/v1/applications/%00')).statusCode).toBe(404);
  });

  it('refuses it in a CSV import, saving no row', async () => {
    const before = await faqCount();
    const response = await json('POST', '/api/v1/faqs/import', admin, {
      data: {
        rows: [
          { question: 'Fråga ett?', answer: 'Svar' },
          { question: 'Fråga\u0000två?', answer: 'Svar' },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(await faqCount()).toBe(before);
  });
});

describe('whole numbers beyond the columns', () => {
  it.each(['99999999999', '2147483648', '1e21'])('refuses %s as an id in a path, a query or a body', async (n) => {
    for (const response of [
      await call(t.app, { method: 'DELETE', url: `/api/v1/faqs/${n}`, cookie: admin }),
      await call(t.app, { method: 'POST', url: `/api/v1/periods/${n}/close`, cookie: admin }),
      await get(`/api/v1/statistics?period=${n}`),
      await get(`/api/v1/statistics/export?period=${n}`),
      await get(`/api/v1/applications/all?status[]=${n}`),
      await json('PUT', '/api/v1/faqs/order', admin, { data: { ids: [Number(n)] } }),
    ]) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toBeDefined();
    }
  });

  it('refuses an out-of-range number in a record and in an imported cell, saving nothing', async () => {
    const before = await faqCount();
    const record = await json('POST', '/api/v1/faqs', admin, { data: { question: 'Hur många?', answer: 'Svar', order: 2147483648 } });
    expect(record.statusCode).toBe(422);
    expect(record.json().errors.order).toEqual(['The order may not be more than 2147483647.']);
    const imported = await json('POST', '/api/v1/faqs/import', admin, {
      data: {
        rows: [
          { question: 'Hur många?', answer: 'Svar', order: '1e21' },
          { id: '99999999999', question: 'Vem?', answer: 'Svar' },
        ],
      },
    });
    expect(imported.statusCode).toBe(422);
    expect(await faqCount()).toBe(before);
  });

  it('refuses a page beyond any list and a month before year 1', async () => {
    expect((await get('/api/v1/applications/userInvestigations?page=1e309')).statusCode).toBe(422);
    expect((await get('/api/v1/applications/decided?month=0000-01')).statusCode).toBe(422);
  });
});
