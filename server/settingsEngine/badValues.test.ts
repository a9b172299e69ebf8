import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriod } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// Values a settings form or import may send that the columns cannot hold: each a translated 422 beside its field (or
// its import row's field), with nothing saved; never a 500, and never a bare 404 for an import row.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'bad-values-admin@test.se');
  admin = await sessionCookie(t.app, 'bad-values-admin@test.se');
});
afterAll(() => t.close());

const headers = (language: string) => ({ 'content-type': 'application/json', 'accept-language': language });
const send = (method: 'POST' | 'PUT', url: string, data: unknown, language = 'en-US') =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: admin, headers: headers(language), payload: JSON.stringify({ data }) });
const get = (url: string, language = 'en-US') =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: admin, headers: { 'accept-language': language } });
const count = async (table: 'faqs' | 'periods') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const period = { name: 'Vår', start_date: '2027-01-01', end_date: '2027-06-30', available_money: 100_000, answer_weeks: 6 };

describe('numbers out of range in a settings list query', () => {
  it.each(['99999999999', '1e21', '2147483648', '-99999999999'])(
    'refuses id=%s on a list and its export beside the parameter',
    async (n) => {
      for (const url of [
        `/faqs?id=${n}`,
        `/faqs?id[]=${n}`,
        `/faqs/export?id[]=1&id[]=${n}`,
        `/periods?id[]=${n}`,
        `/users/export?id=${n}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
        expect(response.json().errors).toEqual({ id: ['The id must be a whole number.'] });
      }
      const swedish = await get(`/categories?id[]=${n}`, 'sv-SE');
      expect(swedish.statusCode).toBe(422);
      expect(swedish.json().errors.id).toEqual([expect.stringContaining('heltal')]);
    },
  );

  it('still finds records by an id in range', async () => {
    const { id } = await createPeriod(t.db, 'Hitta mig');
    const response = await get(`/periods?id[]=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.data.map((p: { id: number }) => p.id)).toEqual([id]);
  });
});

describe('null and empty where a number or a date is expected', () => {
  // A number field emptied is "required"; text, even empty, is not a number (a JSON body is taken as sent).
  it.each([
    [null, 'The order field is required.'],
    ['', 'The order must be a whole number.'],
  ])('refuses an FAQ order of %j beside the field, on create and update', async (order, reason) => {
    const before = await count('faqs');
    const created = await send('POST', '/faqs', { question: 'Hur söker jag?', answer: 'Så här.', order });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toEqual({ message: 'The given data was invalid.', errors: { order: [reason] } });
    expect(await count('faqs')).toBe(before);
    const faq = await send('POST', '/faqs', { question: 'Vem kan söka?', answer: 'Alla.' });
    expect(faq.statusCode).toBe(201);
    expect(faq.json().data.order).toBe(0);
    const updated = await send('PUT', `/faqs/${faq.json().data.id}`, { order });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({ order: [reason] });
  });

  it.each([null, ''])('refuses a period amount of %j beside the field', async (money) => {
    const before = await count('periods');
    const response = await send('POST', '/periods', { ...period, available_money: money }, 'sv-SE');
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['available_money']);
    expect(response.json().errors.available_money[0]).toMatch(/belopp att fördela/i);
    expect(await count('periods')).toBe(before);
  });

  it.each(['0000-01-01', '0000-12-31'])('refuses a start date of %s, in a form and in an import row', async (day) => {
    const before = await count('periods');
    const response = await send('POST', '/periods', { ...period, start_date: day });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ start_date: ['The start date is not a valid date.'] });
    const imported = await send('POST', '/periods/import', {
      rows: [
        { name: 'Höst', start_date: '2027-08-01', end_date: '2027-12-31', answer_weeks: '6' },
        { name: 'Forntid', start_date: day, end_date: '2027-12-31', answer_weeks: '6' },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(422);
    expect(imported.json()).toEqual({
      message: 'The import file contains errors.',
      errors: { '3.start_date': ['The start date is not a valid date.'] },
    });
    expect(await count('periods')).toBe(before);
  });

  it('refuses an empty amount in an import row beside the row and the column', async () => {
    const before = await count('periods');
    const imported = await send('POST', '/periods/import', {
      rows: [{ name: 'Höst', start_date: '2027-08-01', end_date: '2027-12-31', answer_weeks: '6', available_money: '' }],
    });
    expect(imported.statusCode, imported.body).toBe(422);
    expect(Object.keys(imported.json().errors)).toEqual(['2.available_money']);
    expect(await count('periods')).toBe(before);
  });
});

describe('an import row naming an unknown id', () => {
  it('is a 422 naming the row and the id column, and nothing of the file is saved', async () => {
    const before = await count('faqs');
    const faq = await send('POST', '/faqs', { question: 'Finns jag?', answer: 'Ja.' });
    const known = faq.json().data.id;
    const rows = [
      { id: String(known), question: 'Finns jag fortfarande?', answer: 'Ja.' },
      { question: 'Ny fråga?', answer: 'Ny.' },
      { id: '2000000000', question: 'Okänd?', answer: 'Okänd.' },
    ];
    const english = await send('POST', '/faqs/import', { rows });
    expect(english.statusCode, english.body).toBe(422);
    expect(english.json()).toEqual({
      message: 'The import file contains errors.',
      errors: { '4.id': ['There is no record with this id.'] },
    });
    const swedish = await send('POST', '/faqs/import', { rows }, 'sv-SE');
    expect(swedish.json().errors['4.id'][0]).toMatch(/^Det finns ingen post med detta värde i fältet/);
    expect(await count('faqs')).toBe(before + 1);
    const kept = await t.db.selectFrom('faqs').select('question').where('id', '=', known).executeTakeFirstOrThrow();
    expect(kept.question).toBe('Finns jag?');
  });
});
