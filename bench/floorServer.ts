/**
 * The floor under the app, for `npm run bench:load`: a bare Fastify server in a process of its own, with no session,
 * no hooks, no Kysely and no list code. GET /floor/sql/:i runs the statements the app's list runs for its i-th URL
 * (recorded by bench/floor.ts, in STATEMENTS_FILE) through pg alone, each prepared once per connection as the app
 * prepares its own (a search never), and answers the same JSON as the app (its answer, recorded); GET /floor/fixed answers the page in
 * FIXED_FILE (the app's first page) without a database.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { preparable } from '../server/db/preparedStatements.js';
import type { RecordedCall } from './floor.js';
import { statementNames } from './statementNames.js';

const calls = JSON.parse(readFileSync(process.env.STATEMENTS_FILE!, 'utf8')) as RecordedCall[];
const fixed = JSON.parse(readFileSync(process.env.FIXED_FILE!, 'utf8')) as unknown;
// As many connections as the app's pool (server/db/connect.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const nameOf = statementNames('floor');

const app = Fastify({ logger: false });
app.get<{ Params: { i: string } }>('/floor/sql/:i', async (request) => {
  const call = calls[Number(request.params.i) % calls.length];
  for (const statement of call.statements) {
    const values = [...statement.parameters];
    // Prepared as the app prepares its statements, a search never (server/db/preparedStatements.ts).
    if (preparable(statement.sql)) await pool.query({ name: nameOf(statement.sql), text: statement.sql, values });
    else await pool.query(statement.sql, values);
  }
  return call.answer;
});
app.get('/floor/fixed', async () => fixed);
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log(`[start] Ready at ${address}`);
process.once('SIGTERM', () => void app.close().then(() => pool.end()));
