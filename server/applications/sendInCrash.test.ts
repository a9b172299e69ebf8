import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../db/connect.js';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { seedDemo } from '../db/seed/demo.js';
import { completeDraft } from '../test/completeDraft.js';
import { appEnv, startServerProcess, type ServerProcess } from '../test/serverProcess.js';

// The real server process, killed while applications are being sent in: an application and its confirmation mail
// are stored together or not at all, so after the crash each one is either sent in with its mail or still a draft
// without one, and sending it in again gives both.

const APPLICANTS = 6;

let database: EmbeddedPostgres | undefined;
let server: ServerProcess | undefined;
let db: Db | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  await db?.destroy();
  await database?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('a crash while applications are sent in', () => {
  it('leaves each application and its confirmation mail both stored or neither', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'send-in-crash-'));
    dirs.push(dataDir);
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db') });
    const port = await freePort();
    const env = appEnv(port, path.join(dataDir, 'app'), { DATABASE_URL: database.url, NODE_ENV: 'test' });
    server = await startServerProcess(env);
    db = connect(database.url, () => {});
    await seedDemo(db);
    const base = `http://127.0.0.1:${port}/api/v1`;

    // Applicants, each with a complete draft.
    const applicants: { email: string; cookie: string; uuid: string }[] = [];
    for (let i = 0; i < APPLICANTS; i += 1) {
      const email = `krasch${i}@test.se`;
      applicants.push({ email, ...(await completeDraft(base, db, email)) });
    }
    const submit = (a: (typeof applicants)[number]) =>
      fetch(`${base}/portal/applications/${a.uuid}/submit`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie },
      });
    /** Per applicant: whether the application is sent in, and how many confirmation mails they have. */
    const state = async () =>
      Promise.all(
        applicants.map(async (a) => {
          const row = await db!.selectFrom('applications').select('status').where('uuid', '=', a.uuid).executeTakeFirstOrThrow();
          const mails = await db!.selectFrom('outbox').select('id').where('recipient', '=', a.email).execute();
          return { sentIn: row.status !== 10, mails: mails.length };
        }),
      );

    // Hold the outbox, so the send-ins wait in their transactions: the first to store its mail (having changed its
    // application and taken the year's reference counter), the others for that counter. Then kill.
    const locker = new pg.Client({ connectionString: database.url });
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
    const inFlight = applicants.map((a) => submit(a).catch(() => null));
    const waiting = async () =>
      (
        await sql<{ all: number; mail: number }>`
          SELECT count(*)::int AS all, (count(*) FILTER (WHERE query ILIKE 'insert into "outbox"%'))::int AS mail
          FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()
        `.execute(db!)
      ).rows[0];
    await expect.poll(waiting, { timeout: 60_000, interval: 200 }).toEqual({ all: APPLICANTS, mail: 1 });
    await server.stop('SIGKILL');
    await Promise.all(inFlight);
    await locker.query('ROLLBACK');
    await locker.end();
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'`.execute(db!))
            .rows[0].n,
        { timeout: 30_000 },
      )
      .toBe(0);
    // Neither: the send-ins died with the process, and no mail speaks of one.
    expect(await state()).toEqual(applicants.map(() => ({ sentIn: false, mails: 0 })));

    // Both: sent in again on the next process, each with its one confirmation.
    server = await startServerProcess(env);
    for (const a of applicants) expect((await submit(a)).status).toBe(200);
    expect(await state()).toEqual(applicants.map(() => ({ sentIn: true, mails: 1 })));
  });
});
