import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The English twins of what staff write for applicants (resources/contentLanguage.ts) are fields of their settings
// screens like any other: written, read, exported and imported.

let t: TestApp;
let admin: string;
let typeId: number;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  typeId = (await send('POST', '/application-types', { label: 'Grundtyp' })).json().data.id;
});
afterAll(() => t.close());

function send(method: 'POST' | 'PUT', path: string, data: object, locale = 'sv-SE') {
  return call(t.app, { method, url: `/api/v1${path}`, cookie: admin, payload: { data }, headers: { 'accept-language': locale } });
}
const get = (path: string) => call(t.app, { method: 'GET', url: `/api/v1${path}`, cookie: admin });

/** Each entity's record in Swedish, its English twins, and English written anew to import. */
const entities = () => [
  {
    path: '/application-types',
    swedish: { label: 'Kulturbidrag' },
    english: { label_en: 'Culture grant' },
    changed: { label_en: 'Grant for culture' },
  },
  {
    path: '/categories',
    swedish: { label: 'Barn', type: 10 },
    english: { label_en: 'Children' },
    changed: { label_en: 'Young children' },
  },
  {
    path: '/application-type-field-definitions',
    swedish: { label: 'Konstform', type: 30, application_type_id: typeId, options: ['Musik', 'Teater'] },
    english: { label_en: 'Art form', options_en: ['Music', 'Theatre'] },
    changed: { label_en: 'Form of art', options_en: ['Music', 'Drama'] },
  },
  {
    path: '/faqs',
    swedish: { question: 'När?', answer: 'I maj.' },
    english: { question_en: 'When?', answer_en: 'In May.' },
    changed: { question_en: 'When is it?', answer_en: 'In May, every year.' },
  },
  {
    path: '/periods',
    swedish: { name: 'Våren', start_date: '2026-03-01', end_date: '2026-04-30' },
    english: { name_en: 'Spring', grant_conditions_en: 'Use it well.' },
    changed: { name_en: 'Spring round', grant_conditions_en: 'Use it as applied for.' },
  },
  {
    path: '/contacts',
    swedish: { first_name: 'Karin', last_name: 'Sundström', title: 'Sekreterare' },
    english: { title_en: 'Secretary' },
    changed: { title_en: 'Foundation secretary' },
  },
];

/** A cell as the import reads it back: lists comma-separated as the export writes them. */
const cell = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

describe('the English twins on the settings screens', () => {
  it('are written and read, optional, and exported and imported back as they are', async () => {
    for (const { path, swedish, english, changed } of entities()) {
      const bare = await send('POST', path, swedish);
      expect(bare.statusCode, `${path} ${bare.body}`).toBe(201);
      for (const name of Object.keys(english)) expect([null, []], `${path} ${name}`).toContainEqual(bare.json().data[name]);

      const created = await send('POST', path, { ...swedish, ...english });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json().data;
      expect((await get(`${path}/${id}`)).json().data).toMatchObject(english);

      const csv = await get(`${path}/export`);
      const { data: rows } = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, delimiter: ';' });
      const row = rows.find((r) => Number(r.id) === id)!;
      for (const [name, value] of Object.entries(english)) expect(row[name], `${path} ${name}`).toBe(cell(value));

      // The exported row, its English written anew, imported over the record; and as a new one without an id.
      const again = { ...row, ...Object.fromEntries(Object.entries(changed).map(([name, value]) => [name, cell(value)])) };
      const { id: _, ...fresh } = again;
      const imported = await call(t.app, {
        method: 'POST',
        url: `/api/v1${path}/import`,
        cookie: admin,
        payload: { data: { rows: [again, fresh] } },
      });
      expect(imported.json(), `${path} ${imported.body}`).toEqual({ data: { imported: 2 } });
      expect((await get(`${path}/${id}`)).json().data, path).toMatchObject(changed);
      const list = (await get(`${path}?per_page=100`)).json().data.data as { id: number }[];
      expect(list.filter((r) => r.id > id)).toEqual([expect.objectContaining(changed)]);
    }
  });

  it('refuse English options that are not one for each Swedish option, in the staff member’s language', async () => {
    const question = { label: 'Val', type: 40, application_type_id: typeId, options: ['Ja', 'Nej'] };
    const swedish = await send('POST', '/application-type-field-definitions', { ...question, options_en: ['Yes'] });
    expect(swedish.statusCode).toBe(422);
    expect(swedish.json().errors).toEqual({
      options_en: ['Fältet alternativ (engelska) ska ha lika många rader som fältet alternativ (svenska): 2, eller inga.'],
    });
    const english = await send('POST', '/application-type-field-definitions', { ...question, options_en: ['Yes', 'No', 'Maybe'] }, 'en-US');
    expect(english.json().errors).toEqual({
      options_en: ['The options (English) must have as many lines as the options (Swedish): 2, or none.'],
    });
    const rows = [{ label: 'Val', type: '40', application_type_id: String(typeId), options: 'Ja, Nej', options_en: 'Yes' }];
    const imported = await call(t.app, {
      method: 'POST',
      url: '/api/v1/application-type-field-definitions/import',
      cookie: admin,
      payload: { data: { rows } },
    });
    expect(imported.json().errors).toEqual({
      '2.options_en': ['Fältet alternativ (engelska) ska ha lika många rader som fältet alternativ (svenska): 2, eller inga.'],
    });
    const answered = await send('POST', '/application-type-field-definitions', { ...question, options_en: ['Yes', 'No'] });
    expect(answered.statusCode).toBe(201);
  });
});
