import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enumsFor = async (locale: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/protocol/enums/${locale}` })).json().data;

describe('GET /protocol/enums/{locale}', () => {
  it('serves every enumeration of the specification, and the payouts’, with its codes', async () => {
    const data = await enumsFor('sv-SE');
    expect(Object.keys(data).sort()).toEqual([
      'applicant_type',
      'application_status',
      'category_type',
      'field_type',
      'global_goal',
      'investigation_status',
      'organisation_type',
      'payout_due',
      'payout_status',
    ]);
    for (const [name, values] of Object.entries(enums)) {
      expect(data[name].map((o: { value: number }) => o.value)).toEqual(Object.values(values));
    }
    expect(data.application_status.map((o: { value: number }) => o.value)).toEqual([10, 20, 30, 40, -10]);
    expect(data.field_type.map((o: { value: number }) => o.value)).toEqual([10, 20, 30, 40, 50, 90, 100]);
    expect(data.global_goal.map((o: { value: number }) => o.value)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  });

  it('labels in Swedish and English, and falls back to Swedish for an unknown locale', async () => {
    const label = (data: Record<string, { value: number; label: string }[]>, name: string, value: number) =>
      data[name].find((o) => o.value === value)?.label;
    const sv = await enumsFor('sv-SE');
    const en = await enumsFor('en-US');
    expect(label(sv, 'application_status', 40)).toBe('Beviljad');
    expect(label(en, 'application_status', 40)).toBe('Approved');
    expect(label(sv, 'category_type', 30)).toBe('Geografiskt område');
    expect(label(en, 'organisation_type', 20)).toBe('Association');
    expect(await enumsFor('de-DE')).toEqual(sv);
    // No label is missing: a missing key would come back as the key itself.
    for (const data of [sv, en]) {
      for (const options of Object.values<{ label: string }[]>(data)) for (const o of options) expect(o.label).not.toMatch(/^enums\./);
    }
  });
});

describe('GET /health', () => {
  it('answers when the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok' } });
  });

  it('tells anyone the status alone: the API document promises nothing else', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json().paths['/health'].get;
    const answer = health.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties.data.properties)).toEqual(['status']);
    expect(health.summary).toMatch(/the status alone/);
  });
});

describe('OpenAPI', () => {
  it('serves the document and the page to browse it', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/auth/login', '/users/me', '/protocol/enums/{locale}']));
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
