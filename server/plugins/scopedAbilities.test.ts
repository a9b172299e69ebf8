import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityName } from '../../resources/abilities.js';
import { enums } from '../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { multipart, pdf } from '../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// An ability matches by name with no entity, or by name plus an entity's id and type. One granted for a
// period covers the period and the applications in it; one granted for a settings record covers that record. Each
// route is tried as: a general holder, a holder for this entity, the same holder on another entity, and a staff user
// holding nothing.

let t: TestApp;
/** Two periods made alike, each with one application sent in (and one approved, for the decided list). */
interface Side {
  period: { id: number; uuid: string };
  application: { id: number; uuid: string; reference: string };
  decided: { uuid: string };
  file?: string;
}
let A: Side;
let B: Side;
let investigatorId: number;
const cookie = { general: '', scoped: '', investigatorOfA: '', none: '', faqOfOne: '' };
const en = { 'accept-language': 'en-US' };

async function staffWith(email: string, grants: { ability: AbilityName; entity_type?: string; entity_id?: number }[]) {
  const id = await createStaff(t.db, 'admin', email);
  // A role without abilities of its own: what the user may do comes from the grants alone.
  await t.db.updateTable('users').set({ role: 'gäst', notify_on_applications: true }).where('id', '=', id).execute();
  for (const grant of grants)
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, ...grant })
      .execute();
  return { id, cookie: await sessionCookie(t.app, email) };
}

async function side(name: string): Promise<Side> {
  const period = await createPeriod(t.db, name);
  const applicant = await createApplicant(t.db, `${name.toLowerCase()}@test.se`);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId: applicant });
  const decided = await createApplication(t.db, {
    periodId: period.id,
    frontendUserId: applicant,
    status: enums.application_status.approved,
    approvedMoney: 5_000_00,
  });
  return { period, application: { ...application, reference: application.reference! }, decided };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insertInto('roles').values({ name: 'gäst' }).execute();
  A = await side('Vår');
  B = await side('Höst');
  investigatorId = await createStaff(t.db, 'utredare', 'scope-utredare@test.se');
  await createStaff(t.db, 'admin', 'scope-admin@test.se');
  cookie.general = await sessionCookie(t.app, 'scope-admin@test.se');
  const forA = (ability: AbilityName) => ({ ability, entity_type: 'periods', entity_id: A.period.id });
  cookie.scoped = (
    await staffWith('scope-period@test.se', [forA('manage-applications'), forA('investigate-applications'), forA('manage-periods')])
  ).cookie;
  cookie.investigatorOfA = (await staffWith('scope-investigator@test.se', [forA('investigate-applications')])).cookie;
  cookie.none = (await staffWith('scope-none@test.se', [])).cookie;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Case {
  name: string;
  /** The request about one side's application or period. */
  request: (side: Side) => { method: Method; url: string; payload?: InjectOptions['payload']; headers?: Record<string, string> };
  /** What the side keeps from the answer for later cases (a file's uuid). */
  keep?: (side: Side, response: LightMyRequestResponse) => void;
}

const upload = () => multipart([{ name: 'file', filename: 'Protokoll.pdf', content: pdf() }]);

/** The routes about one application or one period, in an order that lets each find what it needs. */
const cases: Case[] = [
  { name: 'read the application', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}` }) },
  { name: 'read its history', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/history` }) },
  { name: 'read its decision', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/decision` }) },
  { name: 'list its investigators', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/investigators` }) },
  { name: 'read its investigations', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/investigations` }) },
  { name: 'read its dialogue', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/messages` }) },
  { name: 'read its follow-up', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/followup` }) },
  {
    name: 'upload a file',
    request: (s) => {
      const form = upload();
      return { method: 'POST', url: `/applications/${s.application.uuid}/files`, payload: form.payload, headers: form.headers };
    },
    keep: (s, response) => {
      s.file = response.json<{ data: { uuid: string } }>().data.uuid;
    },
  },
  { name: 'download the file', request: (s) => ({ method: 'GET', url: `/applications/${s.application.uuid}/files/${s.file}` }) },
  { name: 'remove the file', request: (s) => ({ method: 'DELETE', url: `/applications/${s.application.uuid}/files/${s.file}` }) },
  {
    name: 'change its status',
    request: (s) => ({
      method: 'POST',
      url: `/applications/${s.application.uuid}/updateStatus`,
      payload: { data: { status: enums.application_status.ongoing } },
    }),
  },
  {
    name: 'mark it finished',
    request: (s) => ({ method: 'POST', url: `/applications/${s.application.uuid}/finished`, payload: { data: { finished: true } } }),
  },
  {
    name: 'correct its form',
    request: (s) => ({ method: 'PUT', url: `/applications/${s.application.uuid}`, payload: { data: { money: 12_000_00 } } }),
  },
  {
    name: 'put an investigator on it',
    request: (s) => ({
      method: 'POST',
      url: `/applications/${s.application.uuid}/investigators`,
      payload: { data: { user_id: investigatorId } },
    }),
  },
  {
    name: 'take the investigator off',
    request: (s) => ({ method: 'DELETE', url: `/applications/${s.application.uuid}/investigators/${investigatorId}` }),
  },
  {
    name: 'write an own proposal',
    request: (s) => ({
      method: 'PUT',
      url: `/applications/${s.application.uuid}/investigations/mine`,
      payload: { data: { status: enums.investigation_status.grant } },
    }),
  },
  {
    name: 'write to the applicant',
    request: (s) => ({ method: 'POST', url: `/applications/${s.application.uuid}/messages`, payload: { data: { body: 'Hej!' } } }),
  },
  { name: 'mark the dialogue read', request: (s) => ({ method: 'POST', url: `/applications/${s.application.uuid}/messages/read` }) },
  {
    name: 'decide it',
    request: (s) => ({
      method: 'PUT',
      url: `/applications/${s.application.uuid}/decision`,
      payload: { data: { status: enums.application_status.approved, approved_money: 8_000_00 } },
    }),
  },
  { name: 'mail the decision', request: (s) => ({ method: 'POST', url: `/applications/${s.application.uuid}/decision-mail` }) },
  { name: 'request its follow-up', request: (s) => ({ method: 'POST', url: `/applications/${s.application.uuid}/followup/request` }) },
  { name: 'count the period’s decision mails', request: (s) => ({ method: 'GET', url: `/periods/${s.period.uuid}/decision-mails` }) },
  { name: 'count the period’s follow-ups', request: (s) => ({ method: 'GET', url: `/periods/${s.period.uuid}/followup-requests` }) },
  { name: 'list the period for deciding', request: (s) => ({ method: 'GET', url: `/applications/decisioning/${s.period.uuid}` }) },
  {
    name: 'register a paper application in the period',
    request: (s) => ({ method: 'POST', url: '/applications', payload: { data: { period_id: s.period.id, application_type_id: 1 } } }),
  },
  { name: 'read the period', request: (s) => ({ method: 'GET', url: `/periods/${s.period.id}` }) },
  { name: 'close the period', request: (s) => ({ method: 'POST', url: `/periods/${s.period.id}/close` }) },
  { name: 'open the period', request: (s) => ({ method: 'POST', url: `/periods/${s.period.id}/open` }) },
];

const send = (who: string, request: ReturnType<Case['request']>) =>
  call(t.app, { ...request, url: `/api/v1${request.url}`, cookie: who, headers: { ...en, ...request.headers } });
const denied = { status: 403, message: 'Permission denied.' };
/** What tells two answers apart here: the status and the error message, or the type of a file. */
const outcome = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  message: String(response.headers['content-type']).startsWith('application/json')
    ? response.json<{ message?: string }>().message
    : response.headers['content-type'],
});

describe('an ability granted for one period', () => {
  it('reaches that period and its applications exactly as a general one does, and nothing of another period', async () => {
    for (const c of cases) {
      // B and A are alike: what the general holder gets on B is what the holder for A must get on A.
      const general = await send(cookie.general, c.request(B));
      expect(outcome(general), `${c.name}: general`).not.toEqual(denied);
      c.keep?.(B, general);
      const scoped = await send(cookie.scoped, c.request(A));
      expect(outcome(scoped), `${c.name}: for this period`).toEqual(outcome(general));
      c.keep?.(A, scoped);
      expect(outcome(await send(cookie.scoped, c.request(B))), `${c.name}: for another period`).toEqual(denied);
      expect(outcome(await send(cookie.none, c.request(A))), `${c.name}: none`).toEqual(denied);
    }
  });

  it('checks the named ability too: an investigator of the period reads and proposes but does not decide', async () => {
    const read = await send(cookie.investigatorOfA, { method: 'GET', url: `/applications/${A.application.uuid}` });
    expect(read.statusCode).toBe(200);
    expect((await send(cookie.investigatorOfA, { method: 'GET', url: `/applications/decisioning/${A.period.uuid}` })).statusCode).toBe(200);
    for (const request of [
      { method: 'PUT' as const, url: `/applications/${A.application.uuid}/decision`, payload: { data: { status: -10 } } },
      { method: 'GET' as const, url: '/applications/all' },
      { method: 'GET' as const, url: `/applications/decisioning/${B.period.uuid}` },
      { method: 'POST' as const, url: `/periods/${A.period.id}/close` },
    ]) {
      expect(outcome(await send(cookie.investigatorOfA, request)), `${request.method} ${request.url}`).toEqual(denied);
    }
    // The dialogue is for investigators put on the application, whatever their period.
    const dialogue = await send(cookie.investigatorOfA, { method: 'GET', url: `/applications/${A.application.uuid}/messages` });
    expect(dialogue.json()).toEqual({ message: 'You are not an investigator on this application.' });
  });

  it('narrows every list to the period: applications, decided, export, own investigations, statistics, dashboard, periods, form', async () => {
    const get = async (who: string, url: string) => {
      const response = await send(who, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response;
    };
    const periodsOf = (rows: { period: { id: number } }[]) => [...new Set(rows.map((r) => r.period.id))].sort();
    for (const url of ['/applications/all', '/applications/decided', '/applications/all?period=' + B.period.id]) {
      const general = (await get(cookie.general, url)).json().data;
      const scoped = (await get(cookie.scoped, url)).json().data;
      expect(periodsOf(general.data), url).toEqual(url.includes('period=') ? [B.period.id] : [A.period.id, B.period.id].sort());
      expect(periodsOf(scoped.data), url).toEqual(url.includes('period=') ? [] : [A.period.id]);
      expect(scoped.total).toBe(scoped.data.length);
      expect(outcome(await send(cookie.none, { method: 'GET', url })), url).toEqual(denied);
    }

    const csv = (await get(cookie.scoped, '/applications/all/export')).body;
    expect(csv).toContain(A.application.reference);
    expect(csv).not.toContain(B.application.reference);

    const figures = async (who: string, url: string) => (await get(who, url)).json().data.totals.applications as number;
    const inA = await figures(cookie.general, `/statistics?period=${A.period.id}`);
    expect(await figures(cookie.scoped, '/statistics')).toBe(inA);
    expect(await figures(cookie.scoped, `/statistics?period=${A.period.id}`)).toBe(inA);
    expect(await figures(cookie.general, '/statistics')).toBeGreaterThan(inA);
    expect(outcome(await send(cookie.scoped, { method: 'GET', url: `/statistics?period=${B.period.id}` }))).toEqual(denied);
    expect(outcome(await send(cookie.scoped, { method: 'GET', url: `/statistics/export?table=status&period=${B.period.id}` }))).toEqual(
      denied,
    );
    const exported = (who: string, query: string) => get(who, `/statistics/export?table=status${query}`).then((r) => r.body);
    expect(await exported(cookie.scoped, '')).toBe(await exported(cookie.general, `&period=${A.period.id}`));
    expect(await exported(cookie.scoped, '')).not.toBe(await exported(cookie.general, ''));

    const counted = (await get(cookie.scoped, '/dashboard')).json().data.application_counts as { count: number }[];
    expect(counted.reduce((sum, c) => sum + c.count, 0)).toBe(inA);
    expect((await get(cookie.none, '/dashboard')).json().data.application_counts).toBeNull();

    const periods = (await get(cookie.scoped, '/periods?per_page=100')).json().data.data as { id: number }[];
    expect(periods.map((p) => p.id)).toEqual([A.period.id]);
    expect((await get(cookie.investigatorOfA, '/periods?per_page=100')).json().data.data.map((p: { id: number }) => p.id)).toEqual([
      A.period.id,
    ]);
    const options = (await get(cookie.scoped, '/applications/form-options')).json().data.periods as { id: number }[];
    expect(options.map((p) => p.id)).toEqual([A.period.id]);
    expect((await get(cookie.scoped, '/applications/userInvestigations')).json().data.total).toBe(0);
  });

  it('never lets an application move to, or be registered in, a period not held; creating a period needs the general ability', async () => {
    const moved = await send(cookie.scoped, {
      method: 'PUT',
      url: `/applications/${A.application.uuid}`,
      payload: { data: { period_id: B.period.id } },
    });
    expect(outcome(moved)).toEqual(denied);
    const row = await t.db.selectFrom('applications').select('period_id').where('uuid', '=', A.application.uuid).executeTakeFirstOrThrow();
    expect(row.period_id).toBe(A.period.id);
    const created = await send(cookie.scoped, {
      method: 'POST',
      url: '/periods',
      payload: { data: { name: 'Egen', start_date: '2027-01-01', end_date: '2027-06-30', answer_weeks: 6 } },
    });
    expect(outcome(created)).toEqual(denied);
    expect(outcome(await send(cookie.scoped, { method: 'DELETE', url: `/periods/${B.period.id}` }))).toEqual(denied);
  });

  it('tells managers of that period, and only them, of an applicant’s message', async () => {
    const scopedUser = await t.db.selectFrom('users').select('id').where('email', '=', 'scope-period@test.se').executeTakeFirstOrThrow();
    const count = () =>
      t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', scopedUser.id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const write = async (s: Side) => {
      const owner = await t.db
        .selectFrom('applications')
        .select('frontend_user_id')
        .where('uuid', '=', s.decided.uuid)
        .executeTakeFirstOrThrow();
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/portal/applications/${s.decided.uuid}/messages`,
        cookie: await applicantCookie(t.db, owner.frontend_user_id!),
        payload: { data: { body: 'En fråga.' } },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const before = await count();
    await write(B);
    expect(await count()).toBe(before);
    await write(A);
    expect(await count()).toBe(before + 1);
  });
});

describe('granting abilities for periods', () => {
  it('is part of the user’s record: set on the users screen, read back, effective at the user’s next call', async () => {
    const id = await createStaff(t.db, 'utredare', 'scope-granted@test.se');
    await t.db.insertInto('user_abilities').values({ user_id: id, ability: 'manage-faq' }).execute();
    const user = { id, cookie: await sessionCookie(t.app, 'scope-granted@test.se') };
    const path = `/users/${user.id}`;
    const record = (await send(cookie.general, { method: 'GET', url: path })).json().data;
    expect(record).toMatchObject({ application_period_ids: [], investigation_period_ids: [], managed_period_ids: [] });
    // Deciding needs manage-applications, which the role (utredare) does not give.
    const read = () => send(user.cookie, { method: 'GET', url: `/applications/${A.application.uuid}/decision` });
    expect(outcome(await read())).toEqual(denied);

    const saved = await send(cookie.general, {
      method: 'PUT',
      url: path,
      payload: { data: { ...record, application_period_ids: [A.period.id], investigation_period_ids: [A.period.id, B.period.id] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      application_period_ids: [A.period.id],
      investigation_period_ids: [A.period.id, B.period.id].sort((a, b) => a - b),
      managed_period_ids: [],
    });
    expect((await read()).statusCode).toBe(200);
    const abilities = (await send(user.cookie, { method: 'GET', url: '/users/me/abilities' })).json().data;
    expect(abilities).toContainEqual({ name: 'manage-faq', entity_id: null, entity_type: null });
    expect(abilities).toContainEqual({ name: 'manage-applications', entity_id: A.period.id, entity_type: 'periods' });

    // An unknown period is refused beside the field, and nothing changes.
    const unknown = await send(cookie.general, {
      method: 'PUT',
      url: path,
      payload: { data: { ...record, managed_period_ids: [999_999] } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['managed_period_ids']);

    await send(cookie.general, { method: 'PUT', url: path, payload: { data: { ...record, application_period_ids: [] } } });
    expect(outcome(await read())).toEqual(denied);
    // The general grant beside them is kept.
    expect((await send(user.cookie, { method: 'GET', url: '/faqs' })).statusCode).toBe(200);
  });
});

describe('route declarations', () => {
  it('every staff route about applications or periods names where its entity is, so a new one cannot forget it', () => {
    const unscoped = t.app.routeAccess
      .filter((r) => typeof r.access === 'object' && /^\/api\/v1\/(applications|periods|statistics)/.test(r.url) && !r.access.scope)
      .map((r) => `${r.method} ${r.url}`);
    // Creating periods, one by one or by import, needs the general ability.
    expect(unscoped).toEqual(['POST /api/v1/periods/import', 'POST /api/v1/periods']);
  });
});

describe('an ability granted for one settings record', () => {
  it('lists, reads, edits and exports that record alone; others, creating, importing and ordering need the general ability', async () => {
    const faq = (question: string) =>
      t.db.insertInto('faqs').values({ question, answer: 'Svar.', order: 1 }).returning('id').executeTakeFirstOrThrow();
    const mine = await faq('Min fråga?');
    const other = await faq('Annan fråga?');
    const holder = await staffWith('scope-faq@test.se', [{ ability: 'manage-faq', entity_type: 'faqs', entity_id: mine.id }]);
    const as = (request: ReturnType<Case['request']>) => send(holder.cookie, request);

    const list = (await as({ method: 'GET', url: '/faqs' })).json().data;
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    const picked = (await as({ method: 'GET', url: `/faqs?id[]=${mine.id}&id[]=${other.id}` })).json().data.data;
    expect(picked.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await as({ method: 'GET', url: `/faqs/${mine.id}` })).statusCode).toBe(200);
    const edited = await as({
      method: 'PUT',
      url: `/faqs/${mine.id}`,
      payload: { data: { question: 'Ny fråga?', answer: 'Svar.', order: 1 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const csv = (await as({ method: 'GET', url: '/faqs/export' })).body;
    expect(csv).toContain('Ny fråga?');
    expect(csv).not.toContain('Annan fråga?');

    for (const request of [
      { method: 'GET' as const, url: `/faqs/${other.id}` },
      { method: 'PUT' as const, url: `/faqs/${other.id}`, payload: { data: { question: 'Kapad?', answer: 'x' } } },
      { method: 'DELETE' as const, url: `/faqs/${other.id}` },
      { method: 'POST' as const, url: '/faqs', payload: { data: { question: 'Ny?', answer: 'x' } } },
      { method: 'POST' as const, url: '/faqs/import', payload: { data: { rows: [{ question: 'Ny?', answer: 'x' }] } } },
      { method: 'PUT' as const, url: '/faqs/order', payload: { data: { ids: [other.id, mine.id] } } },
      { method: 'GET' as const, url: '/categories' },
    ]) {
      expect(outcome(await as(request)), `${request.method} ${request.url}`).toEqual(denied);
    }
    const untouched = await t.db.selectFrom('faqs').select('question').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(untouched.question).toBe('Annan fråga?');
    expect((await as({ method: 'DELETE', url: `/faqs/${mine.id}` })).statusCode).toBe(200);
  });
});
