import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { call, createStaff, createTestApp, sessionCookie, xhr, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let investigator: string;
let applicant: string;
let ids: number[];

const url = '/api/v1/faqs/order';
/** As the admin, unless `as` names another caller (null: anonymous). */
const reorder = (payload: unknown, as: string | null = admin) =>
  call(t.app, { method: 'PUT', url, cookie: as ?? undefined, payload: payload as object });
const listed = async () => {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/faqs?sort=order&direction=asc&per_page=100', cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data.map((faq: { id: number; order: number }) => ({ id: faq.id, order: faq.order }));
};
const orderInDatabase = () => t.db.selectFrom('faqs').select(['id', 'order', 'updated_at']).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
  const user = await t.db.insertInto('frontend_users').values({ email: 'sokande@test.se' }).returning('id').executeTakeFirstOrThrow();
  applicant = `applicant_session=${await createSession(t.db, 'applicant', user.id, 3600)}`;
  await t.db.deleteFrom('faqs').execute();
  const rows = await t.db
    .insertInto('faqs')
    .values(
      ['Första', 'Andra', 'Tredje', 'Fjärde', 'Femte', 'Sjätte'].map((question, i) => ({
        question: `${question}?`,
        answer: 'Svar.',
        order: (i + 1) * 10,
      })),
    )
    .returning('id')
    .execute();
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());

describe('PUT /faqs/order', () => {
  it('is declared for manage-faq and wins over PUT /faqs/:id', () => {
    expect(t.app.routeAccess).toContainEqual({ method: 'PUT', url, access: { abilities: 'manage-faq', reaches: 'nothing' } });
    expect(t.app.routeAccess.some((r) => r.method === 'PUT' && r.url === '/api/v1/faqs/:id')).toBe(true);
  });

  it('saves the new order as positions 1..n, answers it, and the list sorted by order shows it', async () => {
    const wanted = [ids[3], ids[0], ids[5], ids[1], ids[4], ids[2]];
    const response = await reorder({ data: { ids: wanted } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.map((f: { id: number }) => f.id)).toEqual(wanted);
    expect(body.data.map((f: { order: number }) => f.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.data[0]).toEqual({ id: ids[3], question: 'Fjärde?', order: 1 });
    expect(await listed()).toEqual(wanted.map((id, i) => ({ id, order: i + 1 })));
  });

  it('saving the same order again changes nothing', async () => {
    const current = [ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]];
    expect((await reorder({ data: { ids: current } })).statusCode).toBe(200);
    const before = await orderInDatabase();
    const response = await reorder({ data: { ids: current } });
    expect(response.statusCode).toBe(200);
    expect(await orderInDatabase()).toEqual(before);
  });

  it('refuses missing, extra, unknown and duplicate ids with 422, and changes nothing', async () => {
    const before = await orderInDatabase();
    const current: number[] = (await listed()).map((f: { id: number }) => f.id);
    const missing = await reorder({ data: { ids: current.slice(1) } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'De angivna uppgifterna var ogiltiga.',
      errors: { ids: [expect.stringContaining('ogiltigt')] },
    });
    expect((await reorder({ data: { ids: [...current, 999999] } })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: [...current.slice(1), 999999] } })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: [...current, current[0]] } })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: [] } })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: current.map((id, i) => (i === 0 ? 1.5 : id)) } })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: current.map((id, i) => (i === 0 ? 'x' : id)) } })).statusCode).toBe(422);
    expect((await reorder({ data: {} })).statusCode).toBe(422);
    expect((await reorder({ data: { ids: current, order: 1 } })).statusCode).toBe(422);
    expect(await orderInDatabase()).toEqual(before);
  });

  it('lets only staff with manage-faq through, and requires the CSRF header', async () => {
    const before = await orderInDatabase();
    const payload = { data: { ids: [...ids].reverse() } };
    expect((await reorder(payload, null)).statusCode).toBe(401);
    expect((await reorder(payload, applicant)).statusCode).toBe(401);
    expect((await reorder(payload, investigator)).statusCode).toBe(403);
    const withoutHeader = await t.app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload });
    expect(withoutHeader.statusCode).toBe(403);
    const foreign = await t.app.inject({ method: 'PUT', url, headers: { ...xhr, cookie: admin, origin: 'https://evil.example' }, payload });
    expect(foreign.statusCode).toBe(403);
    expect(await orderInDatabase()).toEqual(before);
  });

  it('still routes PUT /faqs/:id to the generated update', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/faqs/${ids[0]}`,
      cookie: admin,
      payload: { data: { question: 'Första, ändrad?' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.question).toBe('Första, ändrad?');
  });
});
