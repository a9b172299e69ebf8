/**
 * Response times of the generic list routes (GET /api/v1/<resource>) at 100,000 rows of categories and of
 * organisations: through the route in process with app.inject (no network), and through the list engine alone
 * (listRecords) for the share of the SQL. Organisations go through the engine only, with a local declaration, while
 * resources/ declares none. Kinds: (a) sorted page, (b) sorted + filtered page, (c) search matching a few hundred
 * rows, and (d) a broad search whose matches sort together. Each: 20 warm-up calls, then 300 timed; median and 95th
 * percentile against the 50 ms target, and EXPLAIN ANALYZE of the slowest kind of each resource.
 * Usage: npx tsx bench/lists.ts
 */
import os from 'node:os';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { openBenchApp, stats, timeCalls } from './benchApp.js';
import { associations, pick, surnames } from './seedApplications.js';
import { categories } from '../resources/categories.js';
import { boolean, enumOf, text, type ResourceDefinition } from '../resources/fields.js';
import { resourceByName } from '../resources/index.js';
import { parseListQuery, type ListQuery } from '../server/lists/listQuery.js';
import { resourceListGrammar } from '../server/settingsEngine/listGrammar.js';
import { listRecords, type AnyDb } from '../server/settingsEngine/repository.js';

const ROWS = 100_000;
const WARMUP = 20;
const TIMED = 300;
const TARGET_MS = 50;
const MAX_PAGE = 20;
const PER_PAGE = 50; // resources/fields.ts PAGE_SIZE, the list's default
/** (c): a place name, matching a few hundred rows. */
const SEARCH = { categories: 'Kiruna', organisations: 'Ystad' };
/** (d): a common first word, matching a few thousand rows that sort next to each other. */
const BROAD = { categories: 'Musik', organisations: 'Idrott' };

// Seeded, so that every run asks for the same pages.
let seed = 20240601;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** Every other call page 1, otherwise a page from 2 to the last one (at most MAX_PAGE). */
const pageFor = (i: number, lastPage: number) =>
  i % 2 === 0 || lastPage < 2 ? 1 : 2 + Math.floor(random() * (Math.min(MAX_PAGE, lastPage) - 1));

/** The declared organisations resource when there is one (then its route is measured), else this local one for the engine. */
const declaredOrganisations = resourceByName('organisations');
/** Shaped like resources/categories.ts, for the engine only, when resources/ declares no organisations yet. */
const organisations: ResourceDefinition = {
  name: 'organisations',
  table: 'organisations',
  ability: 'manage-organisations',
  labelField: 'name',
  fields: [
    text('name', { required: true, column: true, sortable: 'localized' }),
    text('org_number', { required: true, column: true }),
    enumOf('type', 'organisation_type', { required: true, column: true, sortable: true, filter: true }),
    boolean('is_verified', { column: true, filter: true }),
  ],
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
};

// ---------------------------------------------------------------------------------------------------------------
// Word lists for the seed: about 200 places (so one place name matches a few hundred rows), subjects and forms.
const places = `Stockholm Göteborg Malmö Uppsala Västerås Örebro Linköping Helsingborg Jönköping Norrköping Lund Umeå
Gävle Borås Södertälje Eskilstuna Halmstad Växjö Karlstad Sundsvall Östersund Trollhättan Luleå Lidingö Borlänge
Tumba Kristianstad Kalmar Falun Skövde Karlskrona Skellefteå Uddevalla Varberg Åkersberga Örnsköldsvik Landskrona
Nyköping Vallentuna Motala Trelleborg Ängelholm Karlskoga Märsta Lerum Alingsås Sandviken Laholm Visby Enköping
Katrineholm Falkenberg Kungsbacka Piteå Kungälv Värnamo Ystad Hudiksvall Köping Härnösand Vänersborg Lidköping
Mariestad Nässjö Eslöv Oskarshamn Sala Ludvika Arvika Kiruna Boden Avesta Gällivare Mora Hässleholm Kumla Tranås
Ljungby Västervik Vetlanda Älmhult Åmål Åre Älvsbyn Öckerö Östhammar Överkalix Övertorneå Åsele Åtvidaberg Ödeshög
Arboga Bjuv Bollnäs Bromölla Båstad Degerfors Eksjö Emmaboda Filipstad Flen Gislaved Gnosjö Habo Hallsberg
Hallstahammar Haparanda Hedemora Hjo Höganäs Hörby Höör Jokkmokk Kalix Karlsborg Kramfors Kristinehamn Laxå
Leksand Lindesberg Lycksele Lysekil Malung Mjölby Mönsterås Nora Norrtälje Olofström Orsa Osby Pajala Ronneby
Rättvik Sigtuna Simrishamn Sjöbo Skara Skurup Smedjebacken Sollefteå Solna Sorsele Staffanstorp Strängnäs
Strömstad Strömsund Sunne Surahammar Svalöv Svedala Säffle Säter Sävsjö Söderhamn Sölvesborg Tanum Tidaholm
Timrå Tingsryd Tomelilla Torsby Tranemo Ulricehamn Vadstena Vaggeryd Valdemarsvik Vansbro Vara Vaxholm Vilhelmina
Vimmerby Vindeln Vingåker Ånge Årjäng Älvdalen Ärla Öland Österåker Östra Göinge Dals-Ed Färgelanda Gullspång
Herrljunga Hultsfred Högsby Kinda Ljusdal Lessebo Markaryd Munkedal Nordanstig Orust Ovanåker Ragunda Sotenäs
Storuman Tjörn Torsås Uppvidinge Vårgårda Ydre Åstorp Ockelbo Bengtsfors Dorotea Grums Hagfors Heby Kil`
  .split(/\s+/)
  .filter(Boolean);
const subjects = [
  'Unga vuxna',
  'Barn och unga',
  'Äldre',
  'Äldreomsorg',
  'Nyanlända',
  'Föreningsliv',
  'Folkhälsa',
  'Kultur',
  'Idrott',
  'Friluftsliv',
  'Integration',
  'Jämställdhet',
  'Hållbarhet',
  'Öppen förskola',
  'Östersjöregionen',
  'Åkerbruk',
  'Återbruk',
  'Ängsmarker',
  'Örtodling',
  'Landsbygd',
  'Skärgård',
  'Fjällvärld',
  'Digital delaktighet',
  'Musik',
  'Teater',
  'Bibliotek',
  'Läsfrämjande',
  'Demokrati',
  'Miljö',
  'Klimat',
  'Vatten',
  'Skog',
  'Turism',
  'Entreprenörskap',
  'Folkbildning',
  'Funktionsrätt',
  'Psykisk hälsa',
  'Trygghet',
  'äldre i ensamhet',
  'övriga insatser',
];
const qualifiers = [
  'och samverkan',
  'för alla',
  'i vardagen',
  'på lov',
  'i närområdet',
  'för ökad delaktighet',
  'med fokus på hälsa',
  'genom kultur',
  'i skolan',
  'efter skoltid',
  'för nyföretagare',
  'utan gränser',
  'över generationer',
  'i förening',
  'på landsbygden',
  'och digitalisering',
  'för unga ledare',
  'i glesbygd',
  'och innovation',
  'med stöd av volontärer',
];
const trades = [
  'Bygg',
  'Måleri',
  'El & Tele',
  'VVS',
  'Redovisning',
  'Konsult',
  'Transport',
  'Trädgård',
  'Snickeri',
  'Fastigheter',
  'Data',
  'Design',
  'Café',
  'Bageri',
  'Städ',
  'Plåt',
  'Åkeri',
  'Österns Import',
  'Ängsgård',
  'Ögonoptik',
];
const companyForms = ['AB', 'AB', 'AB', 'HB', 'KB', 'Ekonomisk förening'];
const streets = [
  'Storgatan',
  'Kyrkogatan',
  'Drottninggatan',
  'Skolvägen',
  'Ågatan',
  'Östra Långgatan',
  'Ängsvägen',
  'Björkvägen',
  'Järnvägsgatan',
  'Hamngatan',
];
const communities = ['församling', 'samfällighetsförening', 'sockenråd', 'bygderåd', 'Ö-råd', 'missionsförsamling', 'stadsdelsråd'];

/** The same rows every run: setseed holds for one connection, so everything runs in one transaction. */
async function seedData(db: AnyDb) {
  await db.transaction().execute((trx) => seedRows(trx));
  // ANALYZE samples rows at random: plans whose estimates sit near a tipping point can differ between runs.
  await sql`ANALYZE categories`.execute(db);
  await sql`ANALYZE organisations`.execute(db);
}

async function seedRows(db: AnyDb) {
  await sql`SELECT setseed(0.42)`.execute(db);
  await sql`
    INSERT INTO categories (label, type)
    SELECT ${pick(subjects)} || ' ' || ${pick(qualifiers)} || ' i ' || ${pick(places)}
             || CASE WHEN random() < 0.5 THEN ' ' || (1 + floor(random() * 200))::int ELSE '' END,
           (10 * (1 + floor(random() * 4)))::smallint
    FROM generate_series(1, ${ROWS})
  `.execute(db);
  // Names by type: 10 company (owner's name + trade + form), 20 association (activity + place), 30 community.
  await sql`
    INSERT INTO organisations (name, org_number, type, address, zip, city, country, is_verified)
    SELECT CASE o.type
             WHEN 10 THEN o.surname || 's ' || o.trade || CASE WHEN random() < 0.3 THEN ' i ' || o.place ELSE '' END || ' ' || o.form
             WHEN 20 THEN o.activity || ' ' || o.place || CASE WHEN random() < 0.3 THEN ' ' || (1 + floor(random() * 9))::int ELSE '' END
             ELSE o.place || ' ' || o.community
           END,
           -- Unique: i * 7919 is a bijection modulo 10^8 (7919 is prime), the first two digits by type.
           CASE o.type WHEN 10 THEN '55' WHEN 20 THEN '80' ELSE '25' END || substr(o.digits, 1, 4) || '-' || substr(o.digits, 5, 4),
           o.type, o.street || ' ' || (1 + floor(random() * 120))::int, lpad((10000 + floor(random() * 89999))::int::text, 5, '0'),
           o.place, 'Sverige', random() < 0.6
    FROM (
      SELECT i, (10 * (1 + floor(random() * 3)))::smallint AS type, ${pick(places)} AS place, ${pick(surnames)} AS surname,
             ${pick(trades)} AS trade, ${pick(companyForms)} AS form, ${pick(associations)} AS activity,
             ${pick(communities)} AS community, ${pick(streets)} AS street, lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') AS digits
      FROM generate_series(1, ${ROWS}) i
      OFFSET 0 -- keeps the subquery (and each row's random values) from being flattened into the outer query
    ) o
  `.execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
interface Kind {
  resource: 'categories' | 'organisations';
  label: string;
  definition: ResourceDefinition;
  params: Record<string, string>;
  /** Found by the first call. */
  total: number;
  lastPage: number;
  /** Timed calls through the route (null when the resource has none) and through the engine alone. */
  route: number[] | null;
  engine: number[];
}

type Caller = (kind: Kind, page: number) => Promise<{ total: number; lastPage: number }>;

const listParams = (kind: Kind, page: number) => ({ ...kind.params, page: String(page), per_page: String(PER_PAGE) });

async function measure(kind: Kind, call: Caller, times: number[]) {
  ({ total: kind.total, lastPage: kind.lastPage } = await call(kind, 1));
  times.push(...(await timeCalls((i) => call(kind, pageFor(i, kind.lastPage)), WARMUP, TIMED)));
}

/** The SQL that listRecords runs for a query (count, then page), captured from a logging Kysely. */
async function capturedQueries(url: string, definition: ResourceDefinition, query: ListQuery): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  const logging: AnyDb = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void captured.push(event.query),
  });
  try {
    await listRecords(logging, definition, query, null);
  } finally {
    await logging.destroy();
  }
  return captured;
}

// ---------------------------------------------------------------------------------------------------------------
const bench = await openBenchApp('lists', (db) => seedData(db));
try {
  const { db, app: web, headers, seeded } = bench;
  const anyDb: AnyDb = db;

  /** The real route: session, abilities, query parsing, SQL and JSON, as the admin's list calls it. */
  const viaRoute: Caller = async (kind, page) => {
    const query = new URLSearchParams(listParams(kind, page));
    const response = await web.inject({
      method: 'GET',
      url: `/api/v1/${kind.definition.endpoint ?? kind.definition.name}?${query}`,
      headers,
    });
    if (response.statusCode !== 200) throw new Error(`GET ${kind.resource}?${query}: ${response.statusCode} ${response.body}`);
    const { data } = response.json<{ data: { data: unknown[]; total: number; last_page: number } }>();
    if (!data.data.length) throw new Error(`GET ${kind.resource}?${query}: no rows`);
    return { total: data.total, lastPage: data.last_page };
  };
  /** listRecords with the query the route would parse: the same SQL without HTTP, session and JSON. */
  const viaEngine: Caller = async (kind, page) => {
    const result = await listRecords(
      anyDb,
      kind.definition,
      parseListQuery(resourceListGrammar(kind.definition), listParams(kind, page)),
      null,
    );
    if (!result.data.length) throw new Error(`${kind.resource} ${kind.label} page ${page}: no rows`);
    return { total: result.total, lastPage: result.last_page };
  };

  const resources = [
    { resource: 'categories' as const, definition: categories, routed: true, sort: 'label' },
    {
      resource: 'organisations' as const,
      definition: declaredOrganisations ?? organisations,
      routed: !!declaredOrganisations,
      sort: 'name',
    },
  ];
  const kinds: Kind[] = [];
  for (const { resource, definition, routed, sort } of resources) {
    const sets: [string, Record<string, string>][] = [
      [`(a) sort=${sort}`, { sort, direction: 'asc' }],
      [`(b) sort=${sort}&type=20`, { sort, direction: 'asc', type: '20' }],
      [`(c) search=${SEARCH[resource]}&sort=${sort}`, { search: SEARCH[resource], sort, direction: 'asc' }],
      [`(d) search=${BROAD[resource]}&sort=${sort}`, { search: BROAD[resource], sort, direction: 'asc' }],
    ];
    for (const [label, params] of sets)
      kinds.push({ resource, label, definition, params, total: 0, lastPage: 1, route: routed ? [] : null, engine: [] });
  }

  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  for (const kind of kinds) {
    if (kind.route) await measure(kind, viaRoute, kind.route);
    await measure(kind, viaEngine, kind.engine);
  }
  const measured = performance.now() - started;
  const loadAfter = os.loadavg()[0];

  const ms = (value: number) => value.toFixed(1).padStart(7);
  console.log(
    `Seeded ${ROWS.toLocaleString('en')} categories and ${ROWS.toLocaleString('en')} organisations in ${(seeded / 1000).toFixed(1)} s (then ANALYZE).`,
  );
  console.log(`In process, no network: "route" is app.inject on GET /api/v1/<resource> (session, abilities, parsing, SQL, JSON);`);
  console.log(`"engine" is listRecords called directly with the same parsed query (the SQL alone).`);
  if (!declaredOrganisations)
    console.log(`resources/ declares no organisations yet: organisations through the engine only, with a local declaration.`);
  console.log(`${PER_PAGE} rows a page; every other call page 1, the rest a seeded random page 2..min(${MAX_PAGE}, last page).`);
  console.log(`(d) is an extra: a broad term whose matches sort next to each other (a common first word).`);
  console.log(`${WARMUP} warm-up + ${TIMED} timed calls per kind and way, one at a time. Times in ms.\n`);
  const header = `${'resource'.padEnd(14)}${'kind'.padEnd(30)}${'rows'.padStart(7)}${'pages'.padStart(6)}  ${'route median'.padStart(12)}${'p95'.padStart(7)}  ${'engine median'.padStart(13)}${'p95'.padStart(7)}  p95 < ${TARGET_MS} ms`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const headline = (kind: Kind) => stats(kind.route ?? kind.engine).p95;
  for (const kind of kinds) {
    const route = kind.route ? stats(kind.route) : null;
    const engine = stats(kind.engine);
    console.log(
      `${kind.resource.padEnd(14)}${kind.label.padEnd(30)}${String(kind.total).padStart(7)}${String(kind.lastPage).padStart(6)}  ` +
        `${route ? `${ms(route.median).padStart(12)}${ms(route.p95)}` : '           -      -'}  ${ms(engine.median).padStart(13)}${ms(engine.p95)}  ` +
        `${headline(kind) < TARGET_MS ? 'yes' : 'NO'}`,
    );
  }
  console.log(
    `\nMeasuring took ${(measured / 1000).toFixed(1)} s; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.availableParallelism()} CPUs.` +
      `\nThe target applies to the route's p95 (the engine's where there is no route). A busy machine inflates p95: compare with the EXPLAIN times.`,
  );

  // EXPLAIN ANALYZE of the slowest kind (by p95) of each resource: the count once, the page query for page 1 and a
  // middle page (the plan can differ: a small OFFSET invites walking the sort index).
  for (const resource of ['categories', 'organisations'] as const) {
    const slowest = kinds.filter((k) => k.resource === resource).sort((a, b) => headline(b) - headline(a))[0];
    const pages = [...new Set([1, Math.min(10, slowest.lastPage)])];
    console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS): the slowest kind of ${resource}, ${slowest.label}, page ${pages.join(' and ')} ===`);
    for (const page of pages) {
      const queries = await capturedQueries(
        bench.url,
        slowest.definition,
        parseListQuery(resourceListGrammar(slowest.definition), listParams(slowest, page)),
      );
      for (const [index, query] of queries.entries()) {
        if (index === 0 && page !== 1) continue; // the count does not depend on the page
        console.log(`\n-- ${index === 0 ? 'count' : `page ${page}`}: ${query.sql}\n-- parameters: ${JSON.stringify(query.parameters)}`);
        const plan = sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`).compile(db);
        const result = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...plan, parameters: query.parameters });
        for (const row of result.rows) console.log(row['QUERY PLAN']);
      }
    }
  }
} finally {
  await bench.close();
}
