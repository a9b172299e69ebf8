/**
 * The list page's own cost in Node, without HTTP: the staff applications list as bench/load.ts asks it (status 20+30,
 * by reference, pages 1–20, at 100,000 applications), called in this process by 50 callers at once, and beside it the
 * same statements through pg alone, prepared as the app prepares them. Node's CPU a call of each, LIST_CPU_ROUNDS
 * rounds of 8,000 calls by turns, and the medians: the difference is what the list's path adds to its SQL (Kysely, the
 * list's code, pg's rows as the app reads them), measured without HTTP, sockets to clients or the clients' CPU, which
 * bench/load.ts's shares of its floor include.
 * Usage: npm run bench:list-cpu (BENCH_REUSE takes the database bench:load kept)
 */
import pg from 'pg';
import { openBenchApp } from './benchApp.js';
import { recordStatements } from './floor.js';
import { statementNames } from './statementNames.js';
import { seedApplications } from './seedApplications.js';
import { everyPeriod, listApplications, listSpecs } from '../server/applications/lists.js';
import { parseListQuery } from '../server/lists/listQuery.js';
import { preparable } from '../server/db/preparedStatements.js';

const CALLERS = 50;
const CALLS = 8_000;
const ROUNDS = Number(process.env.LIST_CPU_ROUNDS ?? 7);

const bench = await openBenchApp('load', (db) => seedApplications(db, { applications: 100_000, applicants: 30_000, periods: 12 }));
const pages = Array.from({ length: 20 }, (_, i) => 1 + i);
const recorded = await recordStatements(
  bench,
  pages.map((page) => `/applications/all?status[]=20&status[]=30&sort=reference&page=${page}`),
);
// Only the list and pg work in this process from here: the app's own server and jobs are stopped.
await bench.stopApp();
const queries = pages.map((page) => parseListQuery(listSpecs.all, { 'status[]': ['20', '30'], sort: 'reference', page: String(page) }));

const pool = new pg.Pool({ connectionString: bench.url, max: 10 });
const nameOf = statementNames('list_cpu');
async function statementsAlone(i: number) {
  for (const { sql, parameters } of recorded[i].statements) {
    const values = [...parameters];
    if (preparable(sql)) await pool.query({ name: nameOf(sql), text: sql, values });
    else await pool.query(sql, values);
  }
}
const theList = (i: number) => listApplications(bench.db, 'all', queries[i], everyPeriod);

/** Node's CPU a call, in ms, of `calls` calls of `call` (by the page's index) by CALLERS callers at once. */
async function cpuPerCall(call: (i: number) => Promise<unknown>, calls: number) {
  let next = 0;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < calls) await call(next++ % pages.length);
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / calls;
}

try {
  // Warm both: the app prepares a statement from its third run, and V8 compiles what runs often.
  await cpuPerCall(theList, CALLS / 2);
  await cpuPerCall(statementsAlone, CALLS / 2);
  const app: number[] = [];
  const alone: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Which goes first alternates, as in bench/load.ts.
    if (round % 2 === 0) app.push(await cpuPerCall(theList, CALLS));
    alone.push(await cpuPerCall(statementsAlone, CALLS));
    if (round % 2 === 1) app.push(await cpuPerCall(theList, CALLS));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const line = (label: string, values: number[]) =>
    console.log(`${label.padEnd(40)} ${median(values).toFixed(3)}   (${values.map((v) => v.toFixed(3)).join(', ')})`);
  console.log(`Node CPU ms a call, ${CALLERS} callers, ${CALLS.toLocaleString('en')} calls a round, median (rounds):`);
  line('the list (listApplications)', app);
  line('its statements through pg alone', alone);
  console.log(`the list's path adds ${(median(app) - median(alone)).toFixed(3)} ms a call to its SQL`);
} finally {
  await pool.end();
  await bench.close();
}
