import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { resourceList } from '../../resources/index.js';
import { enumCodes, writableFields, type Field } from '../../resources/fields.js';
import { seedDemo } from '../demo/demo.js';
import { resourceListGrammar } from '../settingsEngine/listGrammar.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { startOidcServer, type OidcServer } from '../test/oidcServer.js';
import { operationsOf, plausible, type Operation, type Schema } from '../test/openApi.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

/**
 * A property-based walk of the API document: every operation, as every role, with path values, queries and JSON
 * bodies generated from its schemas and mixed with hostile values. No answer may be a 5xx, and no error may show
 * a stack, a file path or the database's words. FUZZ_SEED replays a run (the seed is in the failure's message);
 * FUZZ_RUNS sets how many calls each operation gets per role.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261124);
const numRuns = Number(process.env.FUZZ_RUNS ?? 20);

// Values that broke servers before: text PostgreSQL refuses, numbers past the columns, and things that look like code.
const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u0007',
  '1e309',
  '-1',
  '0',
  '99999999999',
  '2147483648',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  'null',
  '',
  ' ',
  'ÅÄÖ åäö',
  '0000-01',
  '2026-13-45',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
);
const hostileNumber = fc.constantFrom(0, -1, 1, 2147483647, 2147483648, 99999999999, 1e21, 1.5, -0.5, Number.MAX_SAFE_INTEGER);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** A value for a schema: mostly of its type (so the handler runs), sometimes hostile (so the boundary is tried). */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyValue;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => valueOf(s, depth + 1)));
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: anyValue });
  const type = [schema.type ?? 'any'].flat().filter((t) => t !== 'null')[0] ?? 'null';
  const typed = (() => {
    switch (type) {
      case 'string':
        return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), hostileText);
      case 'integer':
        return fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 100_000, 100_000) }), hostileNumber);
      case 'number':
        return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), hostileNumber);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueOf(schema.items, depth + 1), { maxLength: 3 });
      case 'object': {
        const properties = schema.properties ?? {};
        const record = fc.record(Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valueOf(s, depth + 1)])), {
          requiredKeys: (schema.required ?? []).filter((name) => name in properties),
        });
        // Sometimes a field nobody declared.
        return fc.oneof({ weight: 5, arbitrary: record }, { weight: 1, arbitrary: record.map((r) => ({ ...r, 'extra\u0000': 1 })) });
      }
      case 'null':
        return fc.constant(null);
      default:
        return anyValue;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
}

/** A path or query value as text; a lone surrogate cannot be percent-encoded as UTF-8, so it goes as the bytes it would be. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

// What an error body may never contain: a stack frame, a source or system path, or the database's own words.
const internals =
  /\bat [\w.<>]+ \(|\.(ts|js):\d+|node_modules|\/home\/|\/tmp\/|\/usr\/|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|relation "|violates|syntax error|duplicate key|invalid input syntax|pg_|kysely/i;

// The sweeps below try each value alone, so a failure names it: values past and beside what each place takes.
const queryNumbers = ['99999999999', '-99999999999', '1.5', '1e21'];
/** A number dressed as another type: a whole-number field (every amount of money among them) refuses each with a 422. */
const numbersOfAnotherType: unknown[] = ['100', [100], true];
const fieldValues: unknown[] = [null, '', 'x', 1.5, '0000-01-01', '2026-13-01', ...numbersOfAnotherType];
/** The settings lists take `id[]` and their filters without declaring them in the document: named here from the declarations. */
const listParameters = new Map<string, string[]>(
  resourceList.flatMap((resource) => {
    const base = `/${resource.endpoint ?? resource.name}`;
    const names = ['page', 'per_page', 'id[]', ...Object.keys(resourceListGrammar(resource).filters).map((f) => `${f}[]`)];
    return [
      [base, names],
      [`${base}/export`, names],
    ];
  }),
);

type FieldPath = (string | number)[];
interface BodyField {
  path: FieldPath;
  schema: Schema;
}

/** Every field of a body at any depth: inside objects, and inside the first item of an array of objects. */
function bodyFields(schema: Schema, path: FieldPath = []): BodyField[] {
  if (path.length > 8) return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const at = [...path, name];
    const inItem = field.items?.properties ? bodyFields(field.items, [...at, 0]) : [];
    return [{ path: at, schema: field }, ...bodyFields(field, at), ...inItem];
  });
}

/** `value` with the field at `path` set to `leaf`; an array on the way gets one plausible item to hold it. */
function withField(value: unknown, schema: Schema | undefined, path: FieldPath, leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [step, ...rest] = path;
  if (typeof step === 'number') {
    const items = Array.isArray(value) && value.length ? [...value] : [plausible(schema?.items)];
    items[step] = withField(items[step], schema?.items, rest, leaf);
    return items;
  }
  const object = (value && typeof value === 'object' ? value : (plausible(schema) ?? {})) as Record<string, unknown>;
  return { ...object, [step]: withField(object[step], schema?.properties?.[step], rest, leaf) };
}

/** A plausible body with one field, at any depth, set to each odd value in turn. */
function oddBodies(schema: Schema): { body: unknown; field: BodyField; value: unknown }[] {
  const base = plausible(schema);
  if (!base || typeof base !== 'object') return [];
  return bodyFields(schema).flatMap((field) =>
    fieldValues.map((value) => ({ body: withField(base, schema, field.path, value), field, value })),
  );
}

const isInteger = (schema: Schema) => [schema.type].flat().includes('integer');
/** A money field is declared by `money()` of server/routes/schemas.ts, whose description says so. */
const isMoney = (schema: Schema) => (schema.description ?? '').includes('whole öre');
/** A whole-number field whose name speaks of money, which must then be declared as money. */
const namedAsMoney = (field: BodyField) => isInteger(field.schema) && /money|amount|^approved_(fou|nok)$/.test(String(field.path.at(-1)));

/** Import rows of a settings entity: each column in turn empty, a year-0 or month-13 date, a huge number, or an unknown id. */
function oddImports(path: string): unknown[] {
  const resource = resourceList.find((r) => `/${r.endpoint ?? r.name}/import` === path);
  if (!resource) return [];
  const columns = writableFields(resource).filter((f) => !f.noExport);
  // Each cell of its kind, so that the one odd cell is what the import meets.
  const cell = (f: Field): string =>
    f.kind === 'email'
      ? 'fuzz@example.se'
      : f.kind === 'enum'
        ? String(enumCodes(f)[0])
        : f.kind === 'choice'
          ? f.choices[0]
          : f.kind === 'boolean'
            ? 'true'
            : ['integer', 'money', 'reference'].includes(f.kind)
              ? String(Math.max(1, f.min ?? 1))
              : f.kind === 'references' || f.kind === 'options'
                ? ''
                : '2026-05-01';
  const row = Object.fromEntries(columns.map((f) => [f.name, cell(f)]));
  const rows: Record<string, string>[] = [{ ...row, id: '2000000000' }];
  for (const field of columns)
    for (const value of ['', '0000-01-01', '2026-13-01', '99999999999', '1e21']) rows.push({ ...row, [field.name]: value });
  return rows.map((r) => ({ data: { rows: [r] } }));
}

/** Bodies nested thousands of levels deep: in `data`, and as bare arrays. */
const deepBodies = [`{"data":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, `${'['.repeat(5000)}${']'.repeat(5000)}`];

let t: TestApp;
let provider: OidcServer;
let roles: Record<'anonymous' | 'applicant' | 'investigator' | 'admin', string | undefined>;
let known: { uuid: string; periodId: number };
/** The applicant of the odd-value sweep, with a draft of their own: the walk's applicant may delete their account early on. */
let sweeper: { cookie: string; uuid: string };

beforeAll(async () => {
  // A real provider behind the e-ID and single sign-on routes, so the walk reaches their handlers rather than a 404.
  provider = await startOidcServer({
    clients: [
      { client_id: 'portal', client_secret: 'portal-secret', redirect_uris: ['http://localhost:3000/e-legitimation'] },
      { client_id: 'staff', client_secret: 'staff-secret', redirect_uris: ['http://localhost:3000/admin/login/oidc'] },
    ],
  });
  const oidc = (clientId: string) => ({
    issuer: provider.issuer,
    clientId,
    clientSecret: `${clientId}-secret`,
    scopes: 'openid profile email',
    personalNumberClaim: 'personal_number',
    displayName: 'BankID',
  });
  t = await createTestApp({ config: { applicantOidc: oidc('portal'), staffOidc: oidc('staff') } });
  await seedDemo(t.db);
  await createStaff(t.db, 'admin', 'fuzz-admin@test.se');
  await createStaff(t.db, 'utredare', 'fuzz-investigator@test.se');
  const period = await createPeriod(t.db, 'Fuzz');
  const applicantId = await createApplicant(t.db, 'fuzz-applicant@test.se');
  const draft = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: enums.application_status.draft });
  known = { uuid: draft.uuid, periodId: period.id };
  const sweeperId = await createApplicant(t.db, 'fuzz-sweeper@test.se');
  const sweeperDraft = await createApplication(t.db, {
    periodId: period.id,
    frontendUserId: sweeperId,
    status: enums.application_status.draft,
  });
  sweeper = { cookie: await applicantCookie(t.db, sweeperId), uuid: sweeperDraft.uuid };
  roles = {
    anonymous: undefined,
    applicant: await applicantCookie(t.db, applicantId),
    investigator: await sessionCookie(t.app, 'fuzz-investigator@test.se'),
    admin: await sessionCookie(t.app, 'fuzz-admin@test.se'),
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

describe('the API under generated and hostile input', () => {
  it('never answers 5xx, and no error shows internals, for any operation as any role', { timeout: 240_000 }, async () => {
    const operations = operationsOf(t.app.swagger() as never);
    expect(operations.length).toBeGreaterThan(100);
    // The eligibility check's routes among them: the applicant's questions and answers, staff's questions and stops.
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /portal/application-types/{id}/eligibility',
        'POST /portal/application-types/{id}/eligibility',
        'GET /application-types/{id}/eligibility',
        'PUT /application-types/{id}/eligibility',
        'GET /statistics/eligibility',
      ]),
    );
    const started = Date.now();
    let calls = 0;
    // Every money field of a body, and any that looks like one but is not declared so or is not a whole number.
    const moneyFields = new Set<string>();
    const undeclaredMoney = new Set<string>();
    for (const operation of operations) {
      const pathParameters = operation.parameters.filter((p) => p.in === 'path');
      const queryParameters = operation.parameters.filter((p) => p.in === 'query');
      // Path values: a known application or period now and then, so the handler gets past its lookup.
      const pathValue = (p: Operation['parameters'][number]) =>
        fc.oneof(valueOf(p.schema), fc.constantFrom<unknown>(known.uuid, known.periodId, 1));
      const input = fc.record({
        path: fc.tuple(...pathParameters.map(pathValue)),
        query: fc.tuple(...queryParameters.map((p) => fc.option(valueOf(p.schema), { nil: undefined }))),
        body: operation.body ? valueOf(operation.body) : fc.constant(undefined),
      });
      for (const role of Object.keys(roles) as (keyof typeof roles)[]) {
        await fc.assert(
          fc.asyncProperty(input, async ({ path, query, body }) => {
            calls += 1;
            let url = `/api/v1${operation.path}`;
            pathParameters.forEach((p, i) => (url = url.replace(`{${p.name}}`, encode(path[i]))));
            const search = queryParameters.flatMap((p, i) =>
              query[i] === undefined ? [] : [`${encodeURIComponent(p.name)}=${encode(query[i])}`],
            );
            if (search.length) url += `?${search.join('&')}`;
            const response = await call(t.app, {
              method: operation.method,
              url,
              cookie: roles[role],
              ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
            });
            const where = `${operation.method} ${url} as ${role}`;
            expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.body, where).not.toMatch(internals);
          }),
          { seed, numRuns, endOnFailure: true },
        );
      }
      // Then, as a role that access lets through to the handler (an applicant on the portal's routes, with their own
      // draft, else an admin), every odd value alone.
      const role = operation.path.startsWith('/portal/') ? 'applicant' : 'admin';
      const [cookie, uuid] = role === 'applicant' ? [sweeper.cookie, sweeper.uuid] : [roles.admin, known.uuid];
      const send = async (url: string, payload?: string, status: { never?: number; only?: number } = {}) => {
        calls += 1;
        const response = await call(t.app, {
          method: operation.method,
          url,
          cookie,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        const where = `${operation.method} ${url} as ${role} with ${(payload ?? '').slice(0, 200)}`;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.body, where).not.toMatch(internals);
        if (status.never) expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).not.toBe(status.never);
        if (status.only) expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(status.only);
      };
      let url = `/api/v1${operation.path}`;
      pathParameters.forEach((p) => (url = url.replace(`{${p.name}}`, encode(p.schema?.type === 'string' ? uuid : known.periodId))));
      const names = new Set([...queryParameters.map((p) => p.name), ...(listParameters.get(operation.path) ?? [])]);
      for (const name of names) for (const n of queryNumbers) await send(`${url}?${encodeURIComponent(name)}=${n}`);
      if (operation.body) {
        for (const body of deepBodies) await send(url, body, { never: 200 });
        for (const { body, field, value } of oddBodies(operation.body)) {
          const name = `${operation.method} ${operation.path} ${field.path.join('.')}`;
          if (isMoney(field.schema)) moneyFields.add(name);
          if (isMoney(field.schema) ? !isInteger(field.schema) : namedAsMoney(field)) undeclaredMoney.add(name);
          // A JSON body is taken as sent: a whole number given as text, in an array or as a boolean is refused, never stored.
          const refused = isInteger(field.schema) && numbersOfAnotherType.includes(value);
          await send(url, JSON.stringify(body), refused ? { only: 422 } : {});
        }
        // An import answers for its rows: a row's error is a 422 naming it, never a bare 404.
        for (const body of oddImports(operation.path)) await send(url, JSON.stringify(body), { never: 404 });
      }
    }
    // Every amount of money a body takes was tried (those inside a list's items too), each declared by money().
    expect([...undeclaredMoney], 'money fields must be money() of server/routes/schemas.ts, whole numbers of öre').toEqual([]);
    expect([...moneyFields]).toEqual(
      expect.arrayContaining([
        'POST /applications/{uuid}/repayments data.amount',
        'PUT /applications/{uuid}/payout-plan data.instalments.0.amount',
        'POST /meetings/{id}/decisions data.decisions.0.amount',
        'PUT /applications/{uuid}/decision data.approved_money',
        'PUT /portal/applications/{uuid} data.money',
        'PUT /periods/{id} data.available_money',
      ]),
    );
    // The figure the suite's time budget is kept by (printed once, for the record).
    console.info(
      `API fuzz: ${calls} calls over ${operations.length} operations (${moneyFields.size} money fields) in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${seed})`,
    );
  });
});
