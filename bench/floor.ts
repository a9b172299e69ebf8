import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { everyPeriod, listApplications, listSpecs } from '../server/applications/lists.js';
import type { Database } from '../server/db/schema.js';
import { freePort } from '../server/db/embedded.js';
import { parseListQuery } from '../server/lists/listQuery.js';
import { startServerProcess, type ServerProcess } from '../server/test/serverProcess.js';
import type { BenchApp } from './benchApp.js';

/** The statements the app's list runs for one of its URLs, in order, with their parameters, and the app's answer. */
export interface RecordedCall {
  statements: { sql: string; parameters: readonly unknown[] }[];
  answer: unknown;
}

/**
 * The statements the staff applications list runs for each of `urls` (`/applications/all?…`, as the load's clients
 * ask them), recorded from the list's own code on the benchmark's database, as an admin who stands nowhere reads it;
 * and the app's answer to each, which the floor gives as its own.
 */
export async function recordStatements(bench: BenchApp, urls: string[]): Promise<RecordedCall[]> {
  let statements: RecordedCall['statements'] = [];
  const pool = new pg.Pool({ connectionString: bench.url, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const calls: RecordedCall[] = [];
  try {
    for (const url of urls) {
      const search = new URL(url, 'http://list').searchParams;
      const raw: Record<string, string | string[]> = {};
      for (const key of new Set(search.keys())) raw[key] = key.endsWith('[]') ? search.getAll(key) : search.get(key)!;
      const query = parseListQuery(listSpecs.all, raw);
      statements = [];
      await listApplications(db, 'all', query, everyPeriod);
      const answer = await bench.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bench.headers });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
      calls.push({ statements, answer: answer.json() });
    }
  } finally {
    await db.destroy();
  }
  return calls;
}

/**
 * The floor server (bench/floorServer.ts) in a process of its own on the benchmark's database, answering `calls`
 * and the fixed page `fixed`; its address.
 */
export async function serveFloor(
  bench: BenchApp,
  calls: RecordedCall[],
  fixed: unknown,
  nodeArgs: string[] = [],
): Promise<{ server: ServerProcess; base: string }> {
  const statementsFile = path.join(bench.dataDir, 'floor-statements.json');
  const fixedFile = path.join(bench.dataDir, 'floor-fixed.json');
  writeFileSync(statementsFile, JSON.stringify(calls));
  writeFileSync(fixedFile, JSON.stringify(fixed));
  const port = await freePort();
  const server = await startServerProcess(
    { PORT: String(port), DATABASE_URL: bench.url, STATEMENTS_FILE: statementsFile, FIXED_FILE: fixedFile },
    nodeArgs,
    ['--import', 'tsx', 'bench/floorServer.ts'],
  );
  return { server, base: `http://127.0.0.1:${port}/floor` };
}
