import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { seedDemo } from '../../demo/demo.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let applicant: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  const user = await t.db.selectFrom('frontend_users').select('id').orderBy('id').executeTakeFirstOrThrow();
  applicant = `applicant_session=${await createSession(t.db, 'applicant', user.id, 3600)}`;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie });

describe('the applicant’s own applications', () => {
  it('lists only the applicant’s own, and cloaks undecided statuses in a closed period that uses cloaking', async () => {
    const owners = await t.db.selectFrom('applications').select(['frontend_user_id']).groupBy('frontend_user_id').execute();
    for (const { frontend_user_id } of owners) {
      const cookie = `applicant_session=${await createSession(t.db, 'applicant', frontend_user_id!, 3600)}`;
      const listed = (await get('/portal/applications', cookie)).json().data;
      const own = await t.db.selectFrom('applications').select('id').where('frontend_user_id', '=', frontend_user_id).execute();
      expect(listed.map((a: { id: number }) => a.id).sort()).toEqual(own.map((a) => a.id).sort());
    }
    // The demo's closed period uses cloaking: an application under investigation there shows as received.
    const ongoing = await t.db
      .selectFrom('applications as a')
      .innerJoin('periods as p', 'p.id', 'a.period_id')
      .select(['a.id', 'a.frontend_user_id'])
      .where('p.closed', '=', true)
      .where('p.uses_status_cloaking', '=', true)
      .where('a.status', '=', 30)
      .executeTakeFirstOrThrow();
    const cookie = `applicant_session=${await createSession(t.db, 'applicant', ongoing.frontend_user_id!, 3600)}`;
    const shown = (await get('/portal/applications', cookie)).json().data.find((a: { id: number }) => a.id === ongoing.id);
    expect(shown.status).toBe(20);
    expect(shown.approved_money).toBeNull();
    expect((await get('/portal/applications')).statusCode).toBe(401);
  });
});

describe('portal reading', () => {
  it('gives anyone the FAQs in their order, signed in or not', async () => {
    const orders = await t.db.selectFrom('faqs').select(['id']).orderBy('order').orderBy('id').execute();
    await createStaff(t.db, 'admin', 'faq-reader@test.se');
    for (const cookie of [undefined, applicant, await sessionCookie(t.app, 'faq-reader@test.se')]) {
      const response = await get('/portal/faqs', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((f: { id: number }) => f.id)).toEqual(orders.map((f) => f.id));
      expect(Object.keys(response.json().data[0]).sort()).toEqual(['answer', 'id', 'question', 'untranslated']);
    }
  });

  it('opens nothing else of the portal to visitors: every other portal route needs an applicant session', async () => {
    const portal = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/portal/') && r.method !== 'HEAD');
    expect(portal.filter((r) => r.access === 'anonymous').map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/portal/faqs']);
    expect(portal.filter((r) => r.access !== 'anonymous').every((r) => r.access === 'applicant')).toBe(true);
    expect((await get('/portal/periods')).statusCode).toBe(401);
    expect((await get('/portal/categories')).statusCode).toBe(401);
  });

  it('lists only open periods, with their application types and contacts in order', async () => {
    const periods = (await get('/portal/periods', applicant)).json().data;
    expect(periods).toHaveLength(1);
    const [open] = periods;
    expect(open.application_types.map((t: { label: string }) => t.label)).toEqual([
      'Bidrag till föreningsliv',
      'Lokalt utvecklingsbidrag',
      'Stipendium för unga ledare',
    ]);
    expect(open.contacts.length).toBeGreaterThan(0);
    await createStaff(t.db, 'admin', 'period-admin@test.se');
    const closed = await call(t.app, {
      method: 'POST',
      url: `/api/v1/periods/${open.id}/close`,
      cookie: await sessionCookie(t.app, 'period-admin@test.se'),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await get('/portal/periods', applicant)).json().data).toEqual([]);
  });
});

describe('categories for the application form', () => {
  it('lists every category by type and in Swedish order, to signed-in applicants only', async () => {
    const listed = (await get('/portal/categories', applicant)).json().data as { type: number; label: string }[];
    expect(listed.length).toBe(
      Number(
        (
          await t.db
            .selectFrom('categories')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const types = listed.map((c) => c.type);
    expect(types).toEqual([...types].sort((a, b) => a - b));
    const collator = new Intl.Collator('sv');
    for (const type of new Set(types)) {
      const labels = listed.filter((c) => c.type === type).map((c) => c.label);
      expect(labels).toEqual([...labels].sort(collator.compare));
    }
    expect((await get('/portal/categories')).statusCode).toBe(401);
  });
});
