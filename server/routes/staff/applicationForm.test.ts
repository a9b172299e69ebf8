import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
let applicant: string;
let period: { id: number; uuid: string };
let typeId: number;
let otherTypeId: number;
let textQuestion: number;
let mediaQuestion: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
  applicant = await applicantCookie(t.db, await createApplicant(t.db, 'sara@test.se'));
  // Paper applications arrive late: the period is closed.
  period = await createPeriod(t.db, 'Höst 2025');
  await t.db.updateTable('periods').set({ closed: true }).where('id', '=', period.id).execute();
  typeId = (await t.db.insertInto('application_types').values({ label: 'Bidrag' }).returning('id').executeTakeFirstOrThrow()).id;
  otherTypeId = (await t.db.insertInto('application_types').values({ label: 'Stipendium' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: typeId }).execute();
  const question = (label: string, type: number) =>
    t.db
      .insertInto('application_type_field_definitions')
      .values({ application_type_id: typeId, label, type, required: true, options: JSON.stringify([]) })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  textQuestion = await question('Beskrivning', enums.field_type.text);
  mediaQuestion = await question('Budget', enums.field_type.media);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, data?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });

const form = () => ({
  period_id: period.id,
  application_type_id: typeId,
  applicant_type: enums.applicant_type.contact_person,
  money: 12_500_00,
  definitions: { [textQuestion]: 'Ett läger för unga.' },
  contact_first_name: 'Per',
  contact_last_name: 'Papper',
  contact_email: 'per@test.se',
  contact_email_confirmation: 'per@test.se',
  contact_phone: '070-123 45 67',
  contact_zip: '97231',
  contact_city: 'Luleå',
  consent: true,
});

async function register(
  data: Record<string, unknown> = {
    ...form(),
    applicant: { email: `per${Math.random()}@test.se`, first_name: 'Per', last_name: 'Papper' },
  },
) {
  const response = await api('POST', '/applications', admin, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
function upload(uuid: string, cookie?: string) {
  const boundary = '----staffform';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="field_definition_id"\r\n\r\n${mediaQuestion}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Budget.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/applications/${uuid}/files`,
    cookie,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('registering an application', () => {
  it('creates a new, unverified applicant and the application as sent in, in a closed period, with the history', async () => {
    const created = await register({
      ...form(),
      contact_zip: '972 31',
      applicant: { email: 'Ny@Test.se', first_name: 'Nina', last_name: 'Ny' },
    });
    expect(created).toMatchObject({
      status: enums.application_status.received,
      money: 12_500_00,
      contact_zip: '97231',
      definitions: { [textQuestion]: 'Ett läger för unga.' },
    });
    expect(created.reference).toMatch(/^\d{4}-\d{4}$/);
    expect(created.sent_in_at).toBeTruthy();
    const person = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', 'ny@test.se').executeTakeFirstOrThrow();
    expect(person).toMatchObject({ first_name: 'Nina', last_name: 'Ny', verified_at: null });
    expect(created.applicant.id).toBe(person.id);
    expect(await historyOf(t.db, created.id)).toEqual([
      { user_id: adminId, action: 'created', before: null, after: { reference: created.reference } },
    ]);
  });

  it('registers for an existing applicant by id, and by an e-mail already registered', async () => {
    const id = await createApplicant(t.db, 'kand@test.se');
    expect((await register({ ...form(), frontend_user_id: id })).applicant.id).toBe(id);
    expect((await register({ ...form(), applicant: { email: 'KAND@test.se', first_name: 'X', last_name: 'Y' } })).applicant.id).toBe(id);
    const [{ count }] = await t.db
      .selectFrom('frontend_users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('email', '=', 'kand@test.se')
      .execute();
    expect(Number(count)).toBe(1);
  });

  it('lists every problem, translated with the fields’ labels, and saves nothing', async () => {
    const before = await t.db.selectFrom('applications').select('id').execute();
    const { money: _money, definitions: _definitions, ...rest } = form();
    const response = await api('POST', '/applications', admin, {
      ...rest,
      contact_zip: '12',
      applicant: { email: 'not-an-address', first_name: '', last_name: 'Z' },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.money).toEqual(['Fältet sökt belopp är obligatoriskt.']);
    expect(errors.contact_zip).toEqual(['Postnummer måste vara 5 siffror.']);
    expect(errors[`definitions.${textQuestion}`]).toBeDefined();
    expect(errors['applicant.email']).toBeDefined();
    expect(errors['applicant.first_name']).toBeDefined();
    expect(await t.db.selectFrom('applications').select('id').execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom('frontend_users').select('id').where('email', '=', 'not-an-address').execute()).toHaveLength(0);
  });

  it('refuses a type the period does not take, an unknown applicant, and no applicant at all', async () => {
    const response = await api('POST', '/applications', admin, { ...form(), application_type_id: otherTypeId, frontend_user_id: 999_999 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['application_type_id', 'frontend_user_id']));
    expect((await api('POST', '/applications', admin, form())).json().errors.frontend_user_id).toBeDefined();
  });
});

describe('correcting an application', () => {
  it('saves the changes, normalised, and records only the changed fields', async () => {
    const created = await register();
    // The type's required media question needs its file before anything can be saved.
    expect((await api('PUT', `/applications/${created.uuid}`, admin, { money: 20_000_00 })).json().errors).toEqual({
      [`definitions.${mediaQuestion}`]: ['Bifoga en fil till ”Budget”.'],
    });
    expect((await upload(created.uuid, admin)).statusCode).toBe(201);
    const response = await api('PUT', `/applications/${created.uuid}`, admin, {
      money: 20_000_00,
      contact_phone: '070-123 45 67',
      contact_city: ' Boden ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      money: 20_000_00,
      contact_city: 'Boden',
      reference: created.reference,
      status: enums.application_status.received,
    });
    const history = await historyOf(t.db, created.id);
    expect(history.at(-1)).toEqual({
      user_id: adminId,
      action: 'edited',
      before: { money: 12_500_00, contact_city: 'Luleå' },
      after: { money: 20_000_00, contact_city: 'Boden' },
    });
    // Nothing changed, nothing recorded.
    await api('PUT', `/applications/${created.uuid}`, admin, { money: 20_000_00 });
    expect(await historyOf(t.db, created.id)).toHaveLength(history.length);

    // An answer corrected: the history's route names the question, not its id, and leaves the answers themselves out.
    await api('PUT', `/applications/${created.uuid}`, admin, { definitions: { [textQuestion]: 'Ett läger för barn.' } });
    const told = (await api('GET', `/applications/${created.uuid}/history`, admin)).json().data[0];
    expect([told.action, told.before, told.after]).toEqual(['edited', {}, { answers: ['Beskrivning'] }]);
  });

  it('checks the whole result: 422 lists every problem and saves nothing', async () => {
    const created = await register();
    const response = await api('PUT', `/applications/${created.uuid}`, admin, {
      money: null,
      org_zip: 'x',
      applicant_type: enums.applicant_type.organisation,
      definitions: { [textQuestion]: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['money', 'org_zip', 'org_number', `definitions.${textQuestion}`]),
    );
    expect((await api('GET', `/applications/${created.uuid}`, admin)).json().data.money).toBe(12_500_00);
  });

  it('knows no draft (404): the applicant is still writing it', async () => {
    const draft = await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: await createApplicant(t.db, 'utkast@test.se'),
      status: enums.application_status.draft,
    });
    const response = await api('PUT', `/applications/${draft.uuid}`, admin, { money: 1 });
    expect(response.statusCode).toBe(404);
    expect((await upload(draft.uuid, admin)).statusCode).toBe(404);
    expect((await api('GET', `/applications/${draft.uuid}`, admin)).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('lets staff upload and remove files, recorded in the history, and then the media question is answered', async () => {
    const created = await register();
    const uploaded = await upload(created.uuid, admin);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json().data;
    expect(file).toMatchObject({ name: 'Budget.pdf', mime: 'application/pdf', field_definition_id: mediaQuestion });
    expect(await readdir(path.join(t.config.dataDir, 'uploads'))).toContain(file.uuid);
    const edited = await api('PUT', `/applications/${created.uuid}`, admin, { money: 1_00 });
    expect(edited.statusCode, edited.body).toBe(200);

    const removed = await api('DELETE', `/applications/${created.uuid}/files/${file.uuid}`, admin);
    expect(removed.statusCode).toBe(204);
    expect(await readdir(path.join(t.config.dataDir, 'uploads'))).not.toContain(file.uuid);
    const actions = (await historyOf(t.db, created.id)).map((h) => [h.action, h.before ?? h.after]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['file_added', { name: 'Budget.pdf' }],
        ['file_removed', { name: 'Budget.pdf' }],
      ]),
    );
    // Without the file the required media question is missing again.
    const missing = await api('PUT', `/applications/${created.uuid}`, admin, { money: 2_00 });
    expect(Object.keys(missing.json().errors)).toEqual([`definitions.${mediaQuestion}`]);
  });
});

describe('the form’s options', () => {
  it('offers closed periods with their types, and each type’s questions', async () => {
    const { data } = (await api('GET', '/applications/form-options', admin)).json();
    expect(data.periods).toEqual([
      expect.objectContaining({ id: period.id, closed: true, application_types: [{ id: typeId, label: 'Bidrag' }] }),
    ]);
    expect(data.questions[typeId].map((q: { id: number }) => q.id)).toEqual([textQuestion, mediaQuestion]);
    expect((await api('GET', '/applications/form-options', investigator)).statusCode).toBe(403);
  });
});

describe('authorization', () => {
  it('answers 401 to anonymous callers and applicants, 403 to investigators', async () => {
    const created = await register();
    const calls = [
      ['POST', '/applications'],
      ['PUT', `/applications/${created.uuid}`],
      ['DELETE', `/applications/${created.uuid}/files/${created.uuid}`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await api(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, applicant, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, investigator, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(created.uuid)).statusCode).toBe(401);
    expect((await upload(created.uuid, investigator)).statusCode).toBe(403);
  });
});
