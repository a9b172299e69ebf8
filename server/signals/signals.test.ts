import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enums } from '../../resources/enums.js';
import { luhn } from '../../resources/validators.js';
import { linkEid, unlinkEid } from '../auth/oidc/identityLinks.js';
import { addDays, stockholmDay, stockholmYear } from '../clock.js';
import { anonymiseApplications } from '../dataProtection/anonymise.js';
import { correctApplication } from '../applications/staffForm.js';
import { runRetention } from '../dataProtection/retentionRun.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/demo.js';
import { applicantCookie, createPeriod } from '../test/handlingFixtures.js';
import { orgNumber, organisationPeople, type Person } from '../test/organisationFixtures.js';
import { grantedApplication } from '../test/payoutFixtures.js';
import { call, cookieValue, createStaff, createTestApp, login, sessionCookie, type TestApp } from '../test/testApp.js';

// Signals of duplicates and fraud: each raised by the write that makes it, never where it should not be, never
// refusing the write; checked with a reason in the history; the list's filter of unchecked signals; and the other
// application's details only to staff who may read it too.

let t: TestApp;
let admin: string;
let adminId: number;
let people: ReturnType<typeof organisationPeople>;

beforeAll(async () => {
  t = await createTestApp();
  people = organisationPeople(t);
  const email = `${randomUUID()}@signals.test`;
  adminId = await createStaff(t.db, 'admin', email);
  admin = await sessionCookie(t.app, email);
  // The portal's send-ins number after the references the fixtures write straight (2026-0001 on).
  await t.db
    .insertInto('reference_counters')
    .values({ year: stockholmYear(new Date()), last: 5000 })
    .execute();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, data?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, headers, ...(data === undefined ? {} : { payload: { data } }) });

interface ShownSignal {
  id: number;
  kind: string;
  matched: { uuid: string; reference: string | null }[];
  withheld: number;
  details: { similarity: number | null; account_type: string | null; day: string | null; accounts: number | null };
  checked: { at: string; by: string | null; reason: string } | null;
}

async function signalsOf(uuid: string, cookie = admin): Promise<ShownSignal[]> {
  const response = await api('GET', `/applications/${uuid}/signals`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ShownSignal[] }>().data;
}

const idOf = async (uuid: string) =>
  (await t.db.selectFrom('applications').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
const uncheckedOf = async (uuid: string) =>
  (await t.db.selectFrom('applications').select('unchecked_signals').where('uuid', '=', uuid).executeTakeFirstOrThrow()).unchecked_signals;

/** A period open today taking a type with one long free-text question (the description), not required. */
async function periodWithDescription() {
  const today = stockholmDay(new Date());
  const period = await t.db
    .insertInto('periods')
    .values({ name: `Signalperiod ${randomUUID()}`, start_date: addDays(today, -30), end_date: addDays(today, 60) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await t.db.insertInto('application_types').values({ label: 'Projektbidrag' }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: type.id }).execute();
  const question = await t.db
    .insertInto('application_type_field_definitions')
    .values({ application_type_id: type.id, label: 'Beskriv projektet', type: enums.field_type.textarea, required: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { periodId: period.id, typeId: type.id, questionId: question.id };
}

/** `who` sends in an application in the period for the organisation number, describing it so. */
async function sendIn(who: Person, form: Awaited<ReturnType<typeof periodWithDescription>>, number: string, description: string) {
  const started = await api('POST', '/portal/applications', who.cookie, { period_id: form.periodId, application_type_id: form.typeId });
  expect(started.statusCode, started.body).toBe(201);
  const { uuid } = started.json<{ data: { uuid: string } }>().data;
  const saved = await api('PUT', `/portal/applications/${uuid}`, who.cookie, {
    applicant_type: 30,
    money: 2_500_000,
    org_number: number,
    org_name: 'Signalföreningen',
    organisation_type: 20,
    org_zip: '961 31',
    org_city: 'Boden',
    contact_zip: '97231',
    contact_city: 'Luleå',
    contact_email: who.email,
    contact_email_confirmation: who.email,
    consent: true,
    definitions: { [String(form.questionId)]: description },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await api('POST', `/portal/applications/${uuid}/submit`, who.cookie);
  // A signal never refuses the send-in.
  expect(sent.statusCode, sent.body).toBe(200);
  return uuid;
}

/** A valid bankgiro number of its own (seven digits and a Luhn check digit). */
function bankgiro() {
  const digits = `5${randomInt(1_000_000).toString().padStart(6, '0')}`;
  for (let check = 0; ; check += 1) if (luhn(`${digits}${check}`)) return `${digits.slice(0, 4)}-${digits.slice(4)}${check}`;
}

const requestPayout = (grant: Awaited<ReturnType<typeof grantedApplication>>, account: string) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${grant.uuid}/payouts`,
    cookie: grant.applicant,
    payload: { data: { instalment_id: grant.instalments[0].id, account_type: 'bankgiro', account_number: account } },
  });

/** Registers an applicant from the client address, as the portal's registration form does. */
async function register(address: string) {
  const email = `${randomUUID()}@register.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/frontend-users/register',
    remoteAddress: address,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { data: { email, email_confirmation: email, first_name: 'Regina', last_name: 'Registrerad' } },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { id } = await t.db.selectFrom('frontend_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await t.db.updateTable('frontend_users').set({ verified_at: new Date(), phone: '070-123 45 67' }).where('id', '=', id).execute();
  return { id, email, cookie: await applicantCookie(t.db, id) };
}

describe('the signals raised by the writes', () => {
  it('the same organisation number from another account in the period: both applications, each linking the other', async () => {
    const form = await periodWithDescription();
    const number = orgNumber();
    const [first, second] = [await people.person('Första'), await people.person('Andra')];
    const a = await sendIn(first, form, number, 'Vi vill rusta upp klubbstugan vid sjön så att den kan användas året runt.');
    expect(await signalsOf(a)).toEqual([]);
    const b = await sendIn(second, form, number, 'Ett helt annat projekt om läxhjälp för mellanstadiet på biblioteket.');
    const [onB] = await signalsOf(b);
    expect(onB).toMatchObject({ kind: 'organisation_accounts', withheld: 0, checked: null });
    expect(onB.matched.map((m) => m.uuid)).toEqual([a]);
    expect((await signalsOf(a)).map((s) => [s.kind, s.matched[0]?.uuid])).toEqual([['organisation_accounts', b]]);
    expect([await uncheckedOf(a), await uncheckedOf(b)]).toEqual([1, 1]);
  });

  it('the same organisation number once staff correct an application to it', async () => {
    const form = await periodWithDescription();
    const [number, other] = [orgNumber(), orgNumber()];
    const [first, second] = [await people.person('Rättad'), await people.person('Rättande')];
    const a = await sendIn(first, form, number, 'Vi vill bygga en ny brygga vid badplatsen för föreningens simskola.');
    const b = await sendIn(second, form, other, 'Ett helt annat projekt om körsång för pensionärer i församlingshemmet.');
    expect(await signalsOf(b)).toEqual([]);
    const row = await t.db.selectFrom('applications').select(['id', 'definitions']).where('uuid', '=', b).executeTakeFirstOrThrow();
    const correction = { values: { org_number: number }, definitions: row.definitions, categoryIds: null, before: {}, after: {} };
    await correctApplication(t.db, adminId, row.id, correction as never, 'sv-SE');
    expect((await signalsOf(b)).map((s) => [s.kind, s.matched[0]?.uuid])).toEqual([['organisation_accounts', a]]);
  });

  it('is not raised by one account applying twice for its organisation', async () => {
    const form = await periodWithDescription();
    const number = orgNumber();
    const one = await people.person('Ensam');
    const a = await sendIn(one, form, number, 'Nya flytvästar till seglarskolan för barn och unga i hamnen.');
    const b = await sendIn(one, form, number, 'Ett bokprojekt om byns historia med intervjuer av de äldsta invånarna.');
    expect([...(await signalsOf(a)), ...(await signalsOf(b))].filter((s) => s.kind === 'organisation_accounts')).toEqual([]);
  });

  it('the same payout account for two payees: both applications; one payee’s two applications to its account, none', async () => {
    const account = bankgiro();
    const [one, other] = [await grantedApplication(t.db), await grantedApplication(t.db)];
    expect((await requestPayout(one, account)).statusCode).toBe(201);
    expect(await signalsOf(one.uuid)).toEqual([]);
    // Not refused: the payout is requested as asked.
    expect((await requestPayout(other, account)).statusCode).toBe(201);
    const [signal] = await signalsOf(other.uuid);
    expect(signal).toMatchObject({ kind: 'payout_account', details: { account_type: 'bankgiro' }, matched: [{ uuid: one.uuid }] });
    expect((await signalsOf(one.uuid)).map((s) => s.matched[0].uuid)).toEqual([other.uuid]);

    // One organisation's two grants paid to its own account.
    const own = bankgiro();
    const number = orgNumber();
    const [first, second] = [await grantedApplication(t.db), await grantedApplication(t.db)];
    await t.db.updateTable('applications').set({ org_number: number }).where('id', 'in', [first.id, second.id]).execute();
    expect((await requestPayout(first, own)).statusCode).toBe(201);
    expect((await requestPayout(second, own)).statusCode).toBe(201);
    expect([...(await signalsOf(first.uuid)), ...(await signalsOf(second.uuid))]).toEqual([]);
  });

  it('the same personal number behind another account: raised when the e-ID links it, both ways', async () => {
    const form = await periodWithDescription();
    const [before, after] = [await people.person('Tidigare'), await people.person('Senare')];
    const a = await sendIn(before, form, orgNumber(), 'Konstnärliga workshoppar för unga i sommar på fritidsgården.');
    const b = await sendIn(after, form, orgNumber(), 'Nya mål och bollar till fotbollsskolan för flickor och pojkar.');
    const notice = { provider: 'Test-ID', mailer: t.mailer, publicUrl: 'http://localhost:3000' };
    const hash = t.app.authKeys.personalNumberHash(`19${randomInt(10_000_000_000).toString().padStart(10, '0')}`);
    const eid = (subject: string) => ({
      issuer: 'https://eid.test',
      subject,
      personal_number_hash: hash,
      first_name: 'Per',
      last_name: 'Son',
    });
    const now = new Date();
    // The e-ID on one account, linked twice (a second identity of the same person): no signal, as nobody else has it.
    await t.db.transaction().execute(async (trx) => expect(await linkEid(trx, notice, before.id, eid(randomUUID()), now)).toBe('linked'));
    expect(await signalsOf(a)).toEqual([]);
    // Unlinked there, and linked to another account: the same person is behind both.
    await t.db.transaction().execute((trx) => unlinkEid(trx, notice, before.id, now));
    await t.db.transaction().execute(async (trx) => expect(await linkEid(trx, notice, after.id, eid(randomUUID()), now)).toBe('linked'));
    expect((await signalsOf(b)).map((s) => [s.kind, s.matched[0]?.uuid])).toEqual([['personal_number', a]]);
    expect((await signalsOf(a)).map((s) => [s.kind, s.matched[0]?.uuid])).toEqual([['personal_number', b]]);
    // An application sent in later by the second account gets it at its send-in.
    const c = await sendIn(after, form, orgNumber(), 'Ett tredje projekt: en filmkurs på höstlovet för högstadiet i kommunen.');
    expect((await signalsOf(c)).filter((s) => s.kind === 'personal_number').map((s) => s.matched[0]?.uuid)).toEqual([a]);
  });

  it('keeps a description sent in without the space around it, and none shorter than 40 characters then', async () => {
    const form = await periodWithDescription();
    const [one, two] = [await people.person('Kort'), await people.person('Lång')];
    const short = await sendIn(one, form, orgNumber(), '\n   Se bilagan för hela beskrivningen.   \n');
    const long = await sendIn(two, form, orgNumber(), '\n  Ett projekt om bokcirklar för unga i byn.  \n');
    const kept = await t.db
      .selectFrom('application_descriptions')
      .select(['application_id', 'description'])
      .where('application_id', 'in', [await idOf(short), await idOf(long)])
      .execute();
    expect(kept).toEqual([{ application_id: await idOf(long), description: 'Ett projekt om bokcirklar för unga i byn.' }]);
  });

  it('near-identical descriptions in one period, compared by the job after the send-in at the staff’s threshold', async () => {
    const form = await periodWithDescription();
    const text = 'Vi vill anordna ett sommarläger för barn mellan tio och tolv år med paddling, friluftsliv och matlagning över öppen eld.';
    const [one, two, three] = [await people.person('Ett'), await people.person('Två'), await people.person('Tre')];
    const a = await sendIn(one, form, orgNumber(), text);
    const b = await sendIn(two, form, orgNumber(), `${text} Lägret hålls i juli.`);
    const c = await sendIn(three, form, orgNumber(), 'Renovering av orgeln i kyrkan, som inte har fått service sedan sjuttiotalet.');
    const compared = async () =>
      (
        await t.db
          .selectFrom('application_descriptions')
          .select('compared_at')
          .where('application_id', 'in', [await idOf(a), await idOf(b), await idOf(c)])
          .execute()
      ).every((d) => d.compared_at !== null);
    await vi.waitFor(async () => expect(await compared()).toBe(true), { timeout: 15_000, interval: 100 });
    const [onB] = await signalsOf(b);
    expect(onB).toMatchObject({ kind: 'similar_description', matched: [{ uuid: a }] });
    expect(onB.details.similarity).toBeGreaterThanOrEqual(80);
    expect((await signalsOf(a)).map((s) => s.matched[0]?.uuid)).toEqual([b]);
    expect(await signalsOf(c)).toEqual([]);
  });

  it('queues no second comparison of descriptions while one waits to run', async () => {
    const waitingJobs = () =>
      t.db
        .selectFrom(sql`pgboss.job`.as('j'))
        .select(sql<string>`j.id`.as('id'))
        .where(sql.ref('j.name'), '=', 'signal-descriptions')
        .where(sql.ref('j.state'), '=', 'created')
        .execute();
    // One queued by an earlier send-in runs first.
    await vi.waitFor(async () => expect(await waitingJobs()).toEqual([]), { timeout: 15_000, interval: 100 });
    const waiting = await t.app.jobs.send('signal-descriptions', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    try {
      expect(waiting).not.toBeNull();
      expect(await t.app.jobs.send('signal-descriptions', {})).toBeNull();
      expect(await waitingJobs()).toEqual([{ id: waiting }]);
    } finally {
      await sql`DELETE FROM pgboss.job WHERE id = ${waiting}::uuid`.execute(t.db);
    }
  });

  it('a threshold set higher leaves a less similar pair without a signal', async () => {
    const before = await api('GET', '/signal-settings', admin);
    expect(before.json().data).toMatchObject({ similarity_percent: 80, registrations_per_day: 3 });
    expect((await api('PUT', '/signal-settings', admin, { similarity_percent: 99, registrations_per_day: 3 })).statusCode).toBe(200);
    try {
      const form = await periodWithDescription();
      const text = 'Vi söker bidrag för att bygga en ny lekplats vid skolan där barnen i byn kan leka efter skoltid.';
      const [one, two] = [await people.person('Lek'), await people.person('Plats')];
      const longer = `${text} Klar i maj.`;
      // Alike enough for the default threshold, not for this one.
      const { rows } = await sql<{ alike: number }>`SELECT similarity(${text}, ${longer}) AS alike`.execute(t.db);
      expect(rows[0].alike).toBeGreaterThanOrEqual(0.8);
      expect(rows[0].alike).toBeLessThan(0.99);
      const a = await sendIn(one, form, orgNumber(), text);
      const b = await sendIn(two, form, orgNumber(), longer);
      await vi.waitFor(
        async () =>
          expect(
            await t.db
              .selectFrom('application_descriptions')
              .select('compared_at')
              .where('application_id', '=', await idOf(b))
              .executeTakeFirstOrThrow(),
          ).toMatchObject({ compared_at: expect.any(Date) }),
        { timeout: 15_000, interval: 100 },
      );
      expect([...(await signalsOf(a)), ...(await signalsOf(b))]).toEqual([]);
    } finally {
      expect((await api('PUT', '/signal-settings', admin, { similarity_percent: 80, registrations_per_day: 3 })).statusCode).toBe(200);
    }
    // A setting out of its range is a translated 422 beside it.
    const wrong = await api(
      'PUT',
      '/signal-settings',
      admin,
      { similarity_percent: 5, registrations_per_day: 3 },
      { 'accept-language': 'sv-SE' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.similarity_percent[0]).toMatch(/30/);
  });

  it('more than three accounts from one address in a day: their applications, now and when sent in later', async () => {
    const address = `198.51.100.${randomInt(1, 250)}`;
    const form = await periodWithDescription();
    const first = await register(address);
    await register(address);
    await register(address);
    const early = await sendIn(first, form, orgNumber(), 'Ett projekt om fågelholkar i skolans närområde för alla klasser.');
    // Three from one address are not too many.
    expect(await signalsOf(early)).toEqual([]);
    const fourth = await register(address);
    const [signal] = await signalsOf(early);
    expect(signal).toMatchObject({ kind: 'registrations_from_address', details: { accounts: 4, day: stockholmDay(new Date()) } });
    const late = await sendIn(fourth, form, orgNumber(), 'Ett annat projekt om en ny bastu vid badplatsen för byns föreningar.');
    const [onLate] = await signalsOf(late);
    expect(onLate).toMatchObject({ kind: 'registrations_from_address', details: { accounts: 4 } });
    // It names the application the crowd's other account sent in, and the address is kept only as a keyed hash.
    expect(onLate.matched.map((m) => m.uuid)).toEqual([early]);
    const stored = await t.db
      .selectFrom('account_registrations')
      .selectAll()
      .where('frontend_user_id', '=', fourth.id)
      .executeTakeFirstOrThrow();
    expect(stored.address_hash).toEqual(t.app.authKeys.clientAddressHash(address));
    expect(JSON.stringify(stored)).not.toContain(address);

    // One account from another address: none.
    const alone = await register(`203.0.113.${randomInt(1, 250)}`);
    expect(
      await signalsOf(await sendIn(alone, form, orgNumber(), 'Ensam sökande med ett projekt om odlingslotter för nyanlända.')),
    ).toEqual([]);
  });
});

describe('checking a signal', () => {
  /** Two applications of one period with the same organisation number from two accounts. */
  async function pair() {
    const form = await periodWithDescription();
    const number = orgNumber();
    const a = await sendIn(
      await people.person('Kontroll'),
      form,
      number,
      'Projektet handlar om en ny scen i folkets park för sommarens konserter.',
    );
    const b = await sendIn(
      await people.person('Kontrollant'),
      form,
      number,
      'Projektet handlar om bättre belysning längs elljusspåret i skogen.',
    );
    return { a, b, periodId: form.periodId };
  }

  it('needs a reason (a translated 422 beside it, nothing changed), is in the history and stays, checked once', async () => {
    const { b } = await pair();
    const [signal] = await signalsOf(b);
    const empty = await api(
      'POST',
      `/applications/${b}/signals/${signal.id}/check`,
      admin,
      { reason: '  ' },
      { 'accept-language': 'sv-SE' },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual([expect.stringMatching(/obligatoriskt|måste/i)]);
    expect(await uncheckedOf(b)).toBe(1);

    const reason = 'Två avdelningar av samma förening, var för sig behöriga.';
    const checked = await api('POST', `/applications/${b}/signals/${signal.id}/check`, admin, { reason });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data[0]).toMatchObject({ id: signal.id, checked: { reason, by: expect.any(String) } });
    expect(await uncheckedOf(b)).toBe(0);
    const history = await t.db
      .selectFrom('application_history')
      .select(['action', 'user_id', 'after'])
      .where('application_id', '=', await idOf(b))
      .where('action', '=', 'signal_checked')
      .execute();
    expect(history).toEqual([
      { action: 'signal_checked', user_id: adminId, after: { signal_id: signal.id, signal: 'organisation_accounts', reason } },
    ]);

    const again = await api('POST', `/applications/${b}/signals/${signal.id}/check`, admin, { reason: 'Igen' });
    expect(again.statusCode).toBe(409);
    expect((await signalsOf(b))[0].checked?.reason).toBe(reason);
    // Another application's signal is not this one's.
    const { a: elsewhere } = await pair();
    expect((await api('POST', `/applications/${elsewhere}/signals/${signal.id}/check`, admin, { reason })).statusCode).toBe(404);
  });

  it('the filter lists the applications with unchecked signals, its total their count, and drops one checked', async () => {
    const { a, b, periodId } = await pair();
    const listed = async (extra = '') => {
      const response = await api('GET', `/applications/all?signals=true&per_page=100${extra}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { data: { uuid: string; signals: number }[]; total: number } }>().data;
    };
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM applications WHERE unchecked_signals > 0 AND status IN (20, 30, 40, -10)
    `.execute(t.db);
    expect((await listed()).total).toBe(rows[0].n);
    const ofPeriod = await listed(`&period=${periodId}`);
    expect(ofPeriod.data.map((r) => [r.uuid, r.signals]).sort()).toEqual(
      [
        [a, 1],
        [b, 1],
      ].sort(),
    );
    expect(ofPeriod.total).toBe(2);

    const [signal] = await signalsOf(a);
    expect(
      (await api('POST', `/applications/${a}/signals/${signal.id}/check`, admin, { reason: 'Kontrollerad i telefon.' })).statusCode,
    ).toBe(200);
    const after = await listed(`&period=${periodId}`);
    expect(after.data.map((r) => r.uuid)).toEqual([b]);
    expect(after.total).toBe(1);
    expect((await listed()).total).toBe(rows[0].n - 1);
    // Unknown values are the grammar's translated 422.
    expect((await api('GET', '/applications/all?signals=maybe', admin)).statusCode).toBe(422);
  });
});

describe('what a signal tells staff who may not read the other application', () => {
  /** An application in each of two periods with the same organisation number from two accounts. */
  async function acrossPeriods() {
    const number = orgNumber();
    const [p1, p2] = [await createPeriod(t.db, `Egen ${randomUUID()}`), await createPeriod(t.db, `Annan ${randomUUID()}`)];
    const [x, y] = [await people.person('Här'), await people.person('Där')];
    const insert = (periodId: number, who: Person) =>
      t.db
        .insertInto('applications')
        .values({
          period_id: periodId,
          frontend_user_id: who.id,
          sent_in_by: who.id,
          status: 20,
          org_number: number,
          reference: `S-${randomUUID().slice(0, 8)}`,
          sent_in_at: new Date(),
        })
        .returning(['id', 'uuid'])
        .executeTakeFirstOrThrow();
    const [mine, theirs] = [await insert(p1.id, x), await insert(p2.id, y)];
    await t.db
      .insertInto('application_signals')
      .values([
        { application_id: mine.id, kind: 'organisation_accounts', other_application_id: theirs.id },
        { application_id: theirs.id, kind: 'organisation_accounts', other_application_id: mine.id },
      ])
      .execute();
    return { p1: p1.id, mine, theirs };
  }

  it('a manager of one period gets the signal with an application they cannot read, neither named nor linked', async () => {
    const { p1, mine, theirs } = await acrossPeriods();
    const email = `${randomUUID()}@period.test`;
    const id = await createStaff(t.db, 'utredare', email);
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, ability: 'manage-applications', entity_type: 'periods', entity_id: p1 })
      .execute();
    const cookie = await sessionCookie(t.app, email);
    const [signal] = await signalsOf(mine.uuid, cookie);
    expect(signal).toMatchObject({ kind: 'organisation_accounts', matched: [], withheld: 1 });
    const response = await api('GET', `/applications/${mine.uuid}/signals`, cookie);
    expect(response.body).not.toContain(theirs.uuid);
    // Its own signals, not the other period's application.
    expect((await api('GET', `/applications/${theirs.uuid}/signals`, cookie)).statusCode).toBe(403);
    // Whoever manages both periods reads both.
    expect((await signalsOf(mine.uuid)).map((s) => s.matched[0]?.uuid)).toEqual([theirs.uuid]);
  });

  it('one who stood aside from the other application gets the signal without it, and the filter keeps its rows from them', async () => {
    const { mine, theirs } = await acrossPeriods();
    const email = `${randomUUID()}@aside.test`;
    const id = await createStaff(t.db, 'admin', email);
    await t.db.insertInto('conflicts_of_interest').values({ application_id: theirs.id, user_id: id, declared_at: new Date() }).execute();
    const cookie = await sessionCookie(t.app, email);
    const [signal] = await signalsOf(mine.uuid, cookie);
    expect(signal).toMatchObject({ matched: [], withheld: 1, details: { similarity: null, account_type: null } });
    expect((await api('GET', `/applications/${mine.uuid}/signals`, cookie)).body).not.toContain(theirs.uuid);
    // The application they stood aside from they cannot open, and the filter leaves it out for them.
    expect((await api('GET', `/applications/${theirs.uuid}/signals`, cookie)).statusCode).toBe(403);
    const filtered = (await api('GET', '/applications/all?signals=true&per_page=100', cookie)).json().data.data as { uuid: string }[];
    expect(filtered.map((r) => r.uuid)).toContain(mine.uuid);
    expect(filtered.map((r) => r.uuid)).not.toContain(theirs.uuid);
  });
});

describe('the demo', () => {
  it('shows a newcomer an unchecked signal, found by the filter, and a checked one in its history', { timeout: 120_000 }, async () => {
    const demo = await createTestApp();
    try {
      expect(await seedDemo(demo.db)).toBe(true);
      const cookie = `staff_session=${cookieValue(await login(demo.app, 'admin@demo.se', DEMO_PASSWORD), 'staff_session')}`;
      const listed = await call(demo.app, { method: 'GET', url: '/api/v1/applications/all?signals=true', cookie });
      const rows = listed.json<{ data: { data: { uuid: string; org_name: string; signals: number }[] } }>().data.data;
      expect(rows.map((r) => [r.org_name, r.signals])).toEqual([
        ['Norrbygdens Idrottsförening', 1],
        ['Norrbygdens Idrottsförening', 1],
      ]);
      const checked = await demo.db.selectFrom('application_history').select('after').where('action', '=', 'signal_checked').execute();
      expect(checked).toHaveLength(2);
    } finally {
      await demo.close();
    }
  });
});

describe('what the signals keep of a person', () => {
  it('a registration’s address is forgotten by the nightly run once its day is over; a description goes when anonymised', async () => {
    const today = stockholmDay(new Date());
    const [past, present] = [await people.person('Igår'), await people.person('Idag')];
    const hash = t.app.authKeys.clientAddressHash('192.0.2.77');
    await t.db
      .insertInto('account_registrations')
      .values([
        { frontend_user_id: past.id, address_hash: hash, registered_on: addDays(today, -1), crowd_id: past.id, crowd_size: 5 },
        { frontend_user_id: present.id, address_hash: hash, registered_on: today },
      ])
      .execute();
    await runRetention(t.db, t.storage, new Date());
    const kept = await t.db
      .selectFrom('account_registrations')
      .select(['frontend_user_id', 'address_hash', 'crowd_size'])
      .where('frontend_user_id', 'in', [past.id, present.id])
      .orderBy('frontend_user_id')
      .execute();
    expect(kept).toEqual([
      { frontend_user_id: past.id, address_hash: null, crowd_size: 5 },
      { frontend_user_id: present.id, address_hash: hash, crowd_size: null },
    ]);

    const form = await periodWithDescription();
    const uuid = await sendIn(present, form, orgNumber(), 'En beskrivning som namnger Idag Föreningsdotter och hennes projekt i byn.');
    const id = await idOf(uuid);
    expect(
      await t.db.selectFrom('application_descriptions').select('application_id').where('application_id', '=', id).execute(),
    ).toHaveLength(1);
    await t.db.transaction().execute((trx) => anonymiseApplications(trx, [id], new Date()));
    expect(await t.db.selectFrom('application_descriptions').select('application_id').where('application_id', '=', id).execute()).toEqual(
      [],
    );
  });
});
