import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/demo.js';
import { applicantCookie, validAnswers } from '../test/handlingFixtures.js';
import { multipart } from '../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { uploadsDir } from '../uploads/storage.js';

// An applicant who used everything the portal offers, was rejected, then deleted their account: what was not approved
// is anonymised at once, with the same code the retention rules use. Afterwards nothing of them is left: no column of
// any table holds their name, address or phone number, and no stored file is theirs. The period's statistics are the
// same before and after.

let t: TestApp;
let admin: string;
let adminId: number;

// Values no other row of the demo has, so finding one anywhere means it was left behind.
const person = { first_name: 'Gunvor', last_name: 'Qvarnlöf', email: 'gunvor.qvarnlof@raderas.test', phone: '070-914 27 63' };
/** The number as stored (E.164, +46709142763) or typed without its leading 0. */
const phoneDigits = '709142763';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  adminId = await createStaff(t.db, 'admin', 'anonymise-admin@test.se');
  admin = await sessionCookie(t.app, 'anonymise-admin@test.se');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, data?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });
const ok = async (response: Awaited<ReturnType<typeof api>>) => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: any }>().data; // eslint-disable-line @typescript-eslint/no-explicit-any -- each answer's own shape
};
/** A PDF whose bytes name the applicant, as a real one would. */
const pdfNaming = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
const upload = (url: string, cookie: string, parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  return call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie, payload: form.payload, headers: form.headers });
};

/** Every text-like column of every table in every schema (jobs included) that holds `value`, as "schema.table.column". */
async function columnsHolding(value: string): Promise<string[]> {
  const { rows: columns } = await sql<{ schema: string; table: string; column: string }>`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
  `.execute(t.db);
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(`${schema}.${table}`)}
      WHERE ${sql.ref(column)}::text ILIKE ${`%${value}%`}
    `.execute(t.db);
    if (rows[0].n) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

/** The stored files that hold `value` in their bytes. */
async function filesHolding(value: string): Promise<string[]> {
  const dir = uploadsDir(t.config.dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) if ((await readFile(path.join(dir, name))).includes(value)) found.push(name);
  return found;
}

describe('anonymising an applicant who deleted their account', () => {
  it('leaves no value of theirs in any table or stored file, and the statistics unchanged', { timeout: 60_000 }, async () => {
    // An applicant of the demo's open period, signed in, who also asked for a login link (an attempt and a mail).
    const { id: applicantId } = await t.db
      .insertInto('frontend_users')
      .values({ ...person, verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applicant = await applicantCookie(t.db, applicantId);
    const period = await t.db.selectFrom('periods').select('id').where('closed', '=', false).executeTakeFirstOrThrow();
    const type = await t.db
      .selectFrom('period_application_types')
      .select('application_type_id')
      .where('period_id', '=', period.id)
      .orderBy('application_type_id')
      .executeTakeFirstOrThrow();
    await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login-link', payload: { data: { email: person.email } } });

    // A draft filled in and sent in, with a file that names them and free-text answers.
    const draft = await ok(
      await api('POST', '/portal/applications', applicant, { period_id: period.id, application_type_id: type.application_type_id }),
    );
    // The free-text answers (text 20, textarea 90) name them.
    const freeText = new Set(
      (draft.questions as { id: number; type: number }[]).filter((q) => [20, 90].includes(q.type)).map((q) => String(q.id)),
    );
    const answers = Object.fromEntries(
      Object.entries(validAnswers(draft.questions)).map(([id, value]) => [
        id,
        freeText.has(id) ? `${String(value)} ${person.last_name}` : value,
      ]),
    );
    await ok(
      await api('PUT', `/portal/applications/${draft.uuid}`, applicant, {
        applicant_type: 30,
        money: 3_000_000,
        org_number: '802415 3978',
        org_name: `Föreningen ${person.last_name}`,
        organisation_type: 20,
        org_zip: '961 31',
        org_city: 'Boden',
        contact_first_name: person.first_name,
        contact_last_name: person.last_name,
        contact_email: person.email,
        contact_email_confirmation: person.email,
        contact_phone: person.phone,
        contact_address: `${person.last_name}vägen 3`,
        contact_zip: '97231',
        contact_city: 'Luleå',
        links: [`https://example.se/${person.last_name.toLowerCase()}`],
        consent: true,
        definitions: answers,
      }),
    );
    const mediaQuestion = (draft.questions as { id: number; type: number }[]).find((q) => q.type === 100);
    await ok(
      await upload(`/portal/applications/${draft.uuid}/files`, applicant, [
        ...(mediaQuestion ? [{ name: 'field_definition_id', value: String(mediaQuestion.id) }] : []),
        { name: 'file', filename: `cv-${person.last_name}.pdf`, content: pdfNaming(person.email), type: 'application/pdf' },
      ]),
    );
    await ok(await api('POST', `/portal/applications/${draft.uuid}/submit`, applicant));
    const { id: applicationId } = await t.db
      .selectFrom('applications')
      .select('id')
      .where('uuid', '=', draft.uuid)
      .executeTakeFirstOrThrow();

    // Staff open it, write to the applicant with an attachment, the applicant answers with one; an investigator's
    // comment and a correction name them too; the application is rejected and the decision mailed.
    await ok(await api('GET', `/applications/${draft.uuid}`, admin));
    await ok(
      await upload(`/applications/${draft.uuid}/messages`, admin, [
        { name: 'body', value: `Hej ${person.first_name}! Vi behöver veta mer.` },
        { name: 'files', filename: 'avtal.pdf', content: pdfNaming('avtal'), type: 'application/pdf' },
      ]),
    );
    await ok(
      await upload(`/portal/applications/${draft.uuid}/messages`, applicant, [
        { name: 'body', value: `Här är mer, ring mig på ${person.phone}. /${person.first_name} ${person.last_name}` },
        { name: 'files', filename: `${person.last_name}-budget.pdf`, content: pdfNaming(person.phone), type: 'application/pdf' },
      ]),
    );
    await ok(await api('POST', `/applications/${draft.uuid}/investigators`, admin, { user_id: adminId }));
    // A reviewer of a type with review criteria says first that they have no conflict of interest.
    await ok(await api('PUT', `/applications/${draft.uuid}/reviews/mine`, admin, { conflict_of_interest: false }));
    await ok(
      await api('PUT', `/applications/${draft.uuid}/investigations/mine`, admin, {
        status: -10,
        amount: null,
        comment: `${person.first_name} ${person.last_name} har fått bidrag förut.`,
      }),
    );
    await ok(await api('PUT', `/applications/${draft.uuid}`, admin, { contact_address: `${person.last_name}gatan 5` }));
    await ok(await api('PUT', `/applications/${draft.uuid}/decision`, admin, { status: -10 }));
    await ok(await api('POST', `/applications/${draft.uuid}/decision-mail`, admin, {}));
    expect(await columnsHolding(person.last_name)).not.toEqual([]);
    expect(await filesHolding(person.email)).not.toEqual([]);

    const statistics = async () => ok(await api('GET', `/statistics?period=${period.id}`, admin));
    const before = await statistics();

    // The applicant deletes their account: nothing of theirs was approved, so the rejected application is anonymised
    // and the account deleted at once.
    expect(await ok(await api('DELETE', '/frontend-users/me', applicant, { confirm: true }))).toEqual({
      account: 'deleted',
      drafts_deleted: 0,
      anonymised: 1,
      kept: 0,
      kept_until: null,
    });

    for (const value of [person.first_name, person.last_name, person.email, phoneDigits, person.phone]) {
      expect(await columnsHolding(value), value).toEqual([]);
      expect(await filesHolding(value), value).toEqual([]);
    }
    expect(await t.db.selectFrom('frontend_users').select('id').where('id', '=', applicantId).executeTakeFirst()).toBeUndefined();
    expect(await statistics()).toEqual(before);

    // Staff still see the application, with no applicant, and what happened to it.
    const shown = await ok(await api('GET', `/applications/${draft.uuid}`, admin));
    expect(shown).toMatchObject({ applicant: null, status: -10, money: 3_000_000, org_city: 'Boden' });
    const history = (await ok(await api('GET', `/applications/${draft.uuid}/history`, admin))) as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['erasure_anonymised', 'decision', 'viewed']));
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM application_files WHERE application_id = ${applicationId}`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });
});
