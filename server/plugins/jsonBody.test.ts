import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { registerErrorHandling } from './errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonBody.js';
import { registerTextRule } from './textRule.js';

// A body nested thousands of levels deep is a translated 400 before any hook or handler walks it (no stack overflow).
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'json-depth-admin@test.se');
  admin = await sessionCookie(t.app, 'json-depth-admin@test.se');
});
afterAll(() => t.close());

const post = (url: string, payload: string, language = 'en-US', cookie: string | undefined = admin) =>
  call(t.app, { method: 'POST', url, cookie, headers: { 'content-type': 'application/json', 'accept-language': language }, payload });
const nested = (depth: number) => `{"data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
const faqCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('faqs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('deeply nested JSON bodies', () => {
  it.each([
    ['an object in data', nested(5000)],
    ['arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['arrays in a field', `{"data":{"question":${'['.repeat(3000)}${']'.repeat(3000)}}}`],
  ])('refuses %s with a translated 400, saving nothing', async (_, body) => {
    const before = await faqCount();
    const english = await post('/api/v1/faqs', body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'The given data was invalid.' });
    const swedish = await post('/api/v1/faqs', body, 'sv-SE');
    expect(swedish.statusCode).toBe(400);
    expect(swedish.json()).toEqual({ message: 'De angivna uppgifterna var ogiltiga.' });
    expect(await faqCount()).toBe(before);
  });

  it('refuses it on a public route and an import too', async () => {
    expect((await post('/api/v1/auth/login', nested(4000), 'en-US', undefined)).statusCode).toBe(400);
    expect((await post('/api/v1/faqs/import', `{"data":{"rows":[${'['.repeat(4000)}${']'.repeat(4000)}]}}`)).statusCode).toBe(400);
  });

  it('still takes a body as deep as the limit, and brackets inside text do not count', async () => {
    expect(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '{'.repeat(500) + '\\"[[[' }), MAX_JSON_DEPTH)).toBe(false);
    const created = await post(
      '/api/v1/faqs',
      JSON.stringify({ data: { question: `Vad betyder ${'{['.repeat(200)}?`, answer: 'Inget.' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('still answers malformed JSON with the same translated 400', async () => {
    const response = await post('/api/v1/faqs', '{"data":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The given data was invalid.' });
  });

  it('keeps the text rule to a bounded walk, whatever parsed the body', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerTextRule(app);
    // A parser of another type could hand over any depth: built without recursion, 100 000 levels deep.
    app.addContentTypeParser('application/x-deep', (_request, _payload, done) => {
      let value: unknown = 'x';
      for (let i = 0; i < 100_000; i++) value = { a: value };
      done(null, { data: value });
    });
    app.post('/deep', async () => 'ok');
    const response = await app.inject({ method: 'POST', url: '/deep', headers: { 'content-type': 'application/x-deep' }, payload: '' });
    expect(response.statusCode, response.body).toBe(422);
    await app.close();
  });
});
