import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createSession } from '../../auth/sessions.js';
import { seedDemo } from '../../demo/demo.js';
import { validAnswers } from '../../test/handlingFixtures.js';
import { call, createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let alice: string;
let aliceEmail: string;
let bob: string;
let applicants = 0;
let openPeriod: { id: number; typeIds: number[] };

async function applicantCookie(email: string, first_name: string) {
  const { id } = await t.db
    .insertInto('frontend_users')
    .values({ email, first_name, last_name: 'Test', phone: '070-123 45 67', verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `applicant_session=${await createSession(t.db, 'applicant', id, 3600)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  const period = await t.db.selectFrom('periods').select('id').where('closed', '=', false).executeTakeFirstOrThrow();
  const types = await t.db
    .selectFrom('period_application_types')
    .select('application_type_id')
    .where('period_id', '=', period.id)
    .orderBy('application_type_id')
    .execute();
  openPeriod = { id: period.id, typeIds: types.map((r) => r.application_type_id) };
});
afterAll(() => t.close());
// Each test has applicants of its own, so that none continues a draft another test left.
beforeEach(async () => {
  applicants += 1;
  aliceEmail = `alice${applicants}@test.se`;
  alice = await applicantCookie(aliceEmail, 'Alice');
  bob = await applicantCookie(`bob${applicants}@test.se`, 'Bob');
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, data?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });

async function start(cookie = alice, typeIndex = 0) {
  const response = await api('POST', '/portal/applications', cookie, {
    period_id: openPeriod.id,
    application_type_id: openPeriod.typeIds[typeIndex],
  });
  expect([200, 201]).toContain(response.statusCode);
  return response.json().data;
}

const complete = {
  applicant_type: 30,
  money: 2_500_050,
  global_goals: [3, 10],
  org_number: '802415 3978',
  org_name: 'Testföreningen',
  organisation_type: 20,
  org_zip: '961 31',
  org_city: 'Boden',
  contact_email: 'Alice@Test.se',
  contact_email_confirmation: 'alice@test.se',
  contact_zip: '97231',
  contact_city: 'Luleå',
  links: ['www.testforeningen.se'],
  consent: true,
};

describe('drafts', () => {
  it('starts a draft with the applicant’s own contact details, and continues the same draft when started again', async () => {
    const first = await start();
    expect(first).toMatchObject({
      status: 10,
      reference: null,
      step: 1,
      contact_first_name: 'Alice',
      contact_email: aliceEmail,
      contact_phone: '070-123 45 67',
    });
    expect(first.questions.length).toBeGreaterThan(0);
    const again = await start();
    expect(again.uuid).toBe(first.uuid);
  });

  it('takes who applies when the applicant already said so, and refuses an unknown code', async () => {
    const carol = await applicantCookie('carol@test.se', 'Carol');
    const body = { period_id: openPeriod.id, application_type_id: openPeriod.typeIds[0] };
    expect((await api('POST', '/portal/applications', carol, { ...body, applicant_type: 25 })).statusCode).toBe(422);
    const started = await api('POST', '/portal/applications', carol, { ...body, applicant_type: 20 });
    expect(started.statusCode).toBe(201);
    expect(started.json().data.applicant_type).toBe(20);
  });

  it('saves any part of the form as typed, merges answers, and gives it back after a reload', async () => {
    const { uuid, questions } = await start();
    const [q1, q2] = questions;
    expect(
      (await api('PUT', `/portal/applications/${uuid}`, alice, { step: 3, org_zip: '12', money: 100_00, definitions: { [q1.id]: 'x' } }))
        .statusCode,
    ).toBe(200);
    await api('PUT', `/portal/applications/${uuid}`, alice, { definitions: { [q2.id]: 'y' } });
    const saved = (await api('GET', `/portal/applications/${uuid}`, alice)).json().data;
    expect(saved).toMatchObject({ step: 3, org_zip: '12', money: 100_00, definitions: { [q1.id]: 'x', [q2.id]: 'y' } });
  });

  it('refuses unknown fields, negative amounts, unknown categories and goals with 422, and saves nothing of it', async () => {
    const { uuid } = await start();
    for (const bad of [{ status: 40 }, { money: -5 }, { category_ids: [999_999] }, { global_goals: [18] }, { applicant_type: 11 }]) {
      const response = await api('PUT', `/portal/applications/${uuid}`, alice, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json().errors).toBeDefined();
    }
    const saved = (await api('GET', `/portal/applications/${uuid}`, alice)).json().data;
    expect(saved.status).toBe(10);
  });

  it('keeps another applicant’s applications out of reach: 404 to read, save or send in', async () => {
    const { uuid } = await start();
    expect((await api('GET', `/portal/applications/${uuid}`, bob)).statusCode).toBe(404);
    expect((await api('PUT', `/portal/applications/${uuid}`, bob, { money: 1 })).statusCode).toBe(404);
    expect((await api('POST', `/portal/applications/${uuid}/submit`, bob)).statusCode).toBe(404);
    expect((await api('GET', `/portal/applications/${uuid}`)).statusCode).toBe(401);
    expect((await api('GET', '/portal/applications/not-a-uuid', alice)).statusCode).toBe(422);
  });

  it('starts nothing in a closed period or for a type the period does not take', async () => {
    const closed = await t.db.selectFrom('periods').select('id').where('closed', '=', true).executeTakeFirstOrThrow();
    const refused = await api('POST', '/portal/applications', alice, { period_id: closed.id, application_type_id: openPeriod.typeIds[0] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Perioden är stängd och det går inte att skicka in fler ansökningar.');
    const { id: otherType } = await t.db
      .insertInto('application_types')
      .values({ label: 'Ej i perioden' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await api('POST', '/portal/applications', alice, { period_id: openPeriod.id, application_type_id: otherType })).statusCode,
    ).toBe(422);
  });
});

describe('sending in', () => {
  it('lists every invalid field and keeps the draft as it was', async () => {
    const { uuid } = await start(bob, 1);
    await api('PUT', `/portal/applications/${uuid}`, bob, {
      applicant_type: 20,
      contact_zip: '123',
      contact_email_confirmation: 'other@test.se',
      // Names the payment to the bank will carry: a character the bank does not take is refused now.
      org_name: 'Föreningen 🎉',
      contact_first_name: '王小明',
      contact_last_name: 'Müller',
    });
    const response = await api('POST', `/portal/applications/${uuid}/submit`, bob);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.money).toEqual(['Fältet sökt belopp är obligatoriskt.']);
    expect(errors.contact_zip).toEqual(['Postnummer måste vara 5 siffror.']);
    expect(errors.contact_email_confirmation[0]).toMatch(/måste vara samma som e-postadress/);
    expect(errors.org_number).toBeDefined();
    expect(errors.consent).toEqual(['Du måste godkänna samtycket.']);
    expect(errors.org_name).toEqual(['Banken kan inte ta emot tecknet "🎉". Skriv med latinska bokstäver (å, ä och ö går bra).']);
    expect(errors.contact_first_name).toEqual(['Banken kan inte ta emot tecknet "王". Skriv med latinska bokstäver (å, ä och ö går bra).']);
    // Ü has its Latin form (u): taken.
    expect(errors.contact_last_name).toBeUndefined();
    expect(Object.keys(errors).some((key) => key.startsWith('definitions.'))).toBe(true);
    const saved = (await api('GET', `/portal/applications/${uuid}`, bob)).json().data;
    expect(saved).toMatchObject({ status: 10, reference: null, contact_zip: '123' });
  });

  it('sends in a complete application: received, the next reference of the year, stored clean, and a confirmation mail', async () => {
    const { uuid, questions } = await start(alice, 0);
    const required = questions.filter((q: { type: number; required: boolean }) => q.type === 100 && q.required);
    expect(required, 'the demo type used here has no required file question').toHaveLength(0);
    await api('PUT', `/portal/applications/${uuid}`, alice, { ...complete, definitions: validAnswers(questions) });
    const before = await t.db.selectFrom('outbox').select('id').execute();
    const response = await api('POST', `/portal/applications/${uuid}/submit`, alice);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().data;
    const year = new Date().getFullYear();
    expect(sent.status).toBe(20);
    expect(sent.reference).toMatch(new RegExp(`^${year}-\\d{4}$`));
    const earlier = await t.db
      .selectFrom('applications')
      .select('reference')
      .where('reference', 'like', `${year}-%`)
      .where('uuid', '!=', uuid)
      .execute();
    const highest = Math.max(0, ...earlier.map((r) => Number(r.reference!.split('-')[1])));
    expect(Number(sent.reference.split('-')[1])).toBe(highest + 1);
    expect(sent).toMatchObject({
      org_number: '802415-3978',
      org_zip: '96131',
      contact_email: 'alice@test.se',
      links: ['https://www.testforeningen.se'],
    });

    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'not in', before.length ? before.map((m) => m.id) : [0])
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(aliceEmail);
    expect(mails[0].subject).toContain(sent.reference);
    expect(mails[0].body_text).toContain(`referensnumret ${sent.reference}.`);
    expect(mails[0].body_text).toContain('besked senast');

    // Once sent in, it is no longer the applicant's to change.
    const change = await api('PUT', `/portal/applications/${uuid}`, alice, { money: 1 });
    expect(change.statusCode).toBe(409);
    expect((await api('POST', `/portal/applications/${uuid}/submit`, alice)).statusCode).toBe(409);
  });

  it('refuses a period that has closed, saying it takes no more applications, and keeps the draft', async () => {
    const { uuid, questions } = await start(bob, 0);
    await api('PUT', `/portal/applications/${uuid}`, bob, { ...complete, definitions: validAnswers(questions) });
    await t.db.updateTable('periods').set({ closed: true }).where('id', '=', openPeriod.id).execute();
    try {
      const response = await api('POST', `/portal/applications/${uuid}/submit`, bob);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Perioden är stängd och det går inte att skicka in fler ansökningar.');
      const kept = (await api('GET', `/portal/applications/${uuid}`, bob)).json().data;
      expect(kept).toMatchObject({ status: 10, reference: null, money: complete.money, org_name: 'Testföreningen' });
    } finally {
      await t.db.updateTable('periods').set({ closed: false }).where('id', '=', openPeriod.id).execute();
    }
  });

  it('refuses a send-in racing the period’s closing: none lands after the close is saved', async () => {
    const { uuid, questions } = await start(bob, 0);
    await api('PUT', `/portal/applications/${uuid}`, bob, { ...complete, definitions: validAnswers(questions) });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let closed = () => {};
    const closedUncommitted = new Promise<void>((resolve) => (closed = resolve));
    // The close is saved in a transaction held open while the send-in starts.
    const closing = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('periods').set({ closed: true }).where('id', '=', openPeriod.id).execute();
      closed();
      await released;
    });
    try {
      await closedUncommitted;
      let answered = false;
      const submitting = api('POST', `/portal/applications/${uuid}/submit`, bob).finally(() => (answered = true));
      // Wait until the send-in waits for the close's lock (or, were it not to wait, has answered).
      await expect
        .poll(
          async () =>
            answered ||
            Number(
              (
                await sql<{ n: string }>`select count(*) as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
              ).rows[0].n,
            ) > 0,
          { timeout: 10_000 },
        )
        .toBe(true);
      release();
      await closing;
      const response = await submitting;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe('Perioden är stängd och det går inte att skicka in fler ansökningar.');
      const kept = await t.db.selectFrom('applications').select(['status', 'reference']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
      expect(kept).toEqual({ status: 10, reference: null });
    } finally {
      release();
      await closing.catch(() => {});
      await t.db.updateTable('periods').set({ closed: false }).where('id', '=', openPeriod.id).execute();
    }
  });

  it('answers a send-in as sent in when the comparison of its description cannot be queued: the hourly run compares it', async () => {
    const { uuid, questions } = await start(alice, 0);
    await api('PUT', `/portal/applications/${uuid}`, alice, { ...complete, definitions: validAnswers(questions) });
    const send = t.app.jobs.send.bind(t.app.jobs);
    const queue = vi.spyOn(t.app.jobs, 'send').mockImplementation(async (name, ...rest) => {
      if (name === 'signal-descriptions') throw new Error('the job queue is away');
      return send(name, ...rest);
    });
    try {
      const response = await api('POST', `/portal/applications/${uuid}/submit`, alice);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 20, reference: expect.stringMatching(/^\d{4}-\d{4}$/) });
      expect(queue).toHaveBeenCalledWith('signal-descriptions', {}, expect.anything());
    } finally {
      queue.mockRestore();
    }
    const stored = await t.db.selectFrom('applications').select(['status', 'reference']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 20, reference: expect.any(String) });
  });

  it('gives two applications sent in at the same moment different references', async () => {
    const drafts = [];
    for (const cookie of [await applicantCookie('c1@test.se', 'C'), await applicantCookie('c2@test.se', 'D')]) {
      const { uuid, questions } = await start(cookie, 0);
      await api('PUT', `/portal/applications/${uuid}`, cookie, { ...complete, definitions: validAnswers(questions) });
      drafts.push({ uuid, cookie });
    }
    const answered = await Promise.all(drafts.map(({ uuid, cookie }) => api('POST', `/portal/applications/${uuid}/submit`, cookie)));
    const references = answered.map((r) => r.json().data.reference);
    expect(new Set(references).size).toBe(2);
  });
});

describe('the organisation register', () => {
  it('fills in a known organisation by its number, written either way, and says when it is unknown', async () => {
    const known = await t.db.selectFrom('organisations').select(['name', 'org_number']).executeTakeFirstOrThrow();
    const found = await api('GET', `/portal/organisations/${known.org_number.replace('-', '')}`, alice);
    expect(found.json().data.name).toBe(known.name);
    const unknown = await api('GET', '/portal/organisations/5560000001', alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/finns inte i stiftelsens register/);
    expect((await api('GET', `/portal/organisations/${known.org_number}`)).statusCode).toBe(401);
  });
});
