import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { connect, type Db } from './connect.js';
import { freePorts } from './embedded.js';
import { appEnv, staffSession, startServerProcess, type ServerProcess } from '../test/serverProcess.js';
import { createStaff, PASSWORD } from '../test/testApp.js';

// The app as `npm start` runs it, on its embedded PostgreSQL, writing under load when the postmaster is killed: the app
// does not crash, answers 503 meanwhile, starts PostgreSQL again by itself, serves normally within seconds, and no
// write it acknowledged is lost.

const WRITERS = 8;
/** Writes acknowledged after the outage's last 503 that count as serving normally again. */
const WRITES_AFTER_OUTAGE = 100;

let server: ServerProcess | undefined;
let db: Db | undefined;
let dataDir = '';
afterAll(async () => {
  await db?.destroy();
  await server?.stop('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL killed under load', () => {
  it('is started again by the app; 503s meanwhile, then normal answers, and no acknowledged write lost', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'postmaster-kill-'));
    const [port, dbPort] = await freePorts(2);
    server = await startServerProcess(appEnv(port, dataDir, { EMBEDDED_DB_PORT: String(dbPort) }));
    // A failure shows what the app said, which names the cause (an exit, a start of PostgreSQL that failed).
    onTestFailed(() => console.log(`The app's output, last lines:\n${server!.output().split('\n').slice(-60).join('\n')}`));
    const secret = readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
    db = connect(`postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${dbPort}/app`, () => {});
    await createStaff(db, 'admin', 'last@test.se');
    const base = `http://127.0.0.1:${port}/api/v1`;
    const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const cookie = await staffSession(base, 'last@test.se', PASSWORD);

    // Writers, each adding questions one after another until told to stop; what was acknowledged is kept.
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    /** When each answer came, by status. */
    const answered: { at: number; status: number }[] = [];
    /** Requests that got no answer (the connection reset or refused), by the error's code. */
    const resets = new Map<string, number>();
    let killedAt = 0;
    let stop = false;
    // Writers stop with the test, whatever its outcome.
    onTestFinished(() => {
      stop = true;
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const question = `Fråga ${n}-${i}?`;
        let response: Response;
        try {
          response = await fetch(`${base}/faqs`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ data: { question, answer: 'Svar.' } }),
          });
          await response.arrayBuffer();
        } catch (error) {
          // What a browser does when the connection breaks: try again in a moment. Counted, and checked below.
          const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
          resets.set(code, (resets.get(code) ?? 0) + 1);
          await pause();
          continue;
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        answered.push({ at: performance.now(), status: response.status });
        if (response.status === 201) {
          acknowledged.push(question);
        } else {
          // What a client does on 503: wait a moment, then try again.
          await pause();
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(50);

    const pid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    killedAt = performance.now();
    // The outage is seen; then writes go through again, many of them (backends may finish a moment after the kill).
    await expect.poll(() => statuses.get(503) ?? 0, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    const lastOutage = () => answered.findLast((a) => a.status === 503)!.at;
    const sinceOutage = () => answered.filter((a) => a.at > lastOutage() && a.status === 201).length;
    await expect.poll(sinceOutage, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(WRITES_AFTER_OUTAGE);
    stop = true;
    await Promise.all(writers);
    // From the kill to the first write acknowledged after the last 503.
    const recoveredAt = answered.find((a) => a.status === 201 && a.at > lastOutage())!.at;
    const recovery = (recoveredAt - killedAt) / 1000;
    const resetCount = [...resets.values()].reduce((sum, count) => sum + count, 0);
    const failedStarts = server.output().split('The embedded PostgreSQL did not start again').length - 1;
    console.log(
      `postmaster killed: answers 503 for ${recovery.toFixed(1)} s, ${statuses.get(503)} of them; ` +
        `PostgreSQL started again after ${failedStarts} failed start(s); ${acknowledged.length} writes acknowledged; ` +
        `${resetCount} requests without an answer${resetCount ? ` ${JSON.stringify(Object.fromEntries(resets))}` : ''}`,
    );

    expect(server.alive(), 'the app is still running').toBe(true);
    // Every request got an answer: the app kept its clients' connections while its database was away.
    expect(Object.fromEntries(resets)).toEqual({});
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    expect(recovery).toBeLessThan(15);
    expect(server.output()).toContain('The embedded PostgreSQL has stopped running; starting it again');
    const stored = new Set((await db.selectFrom('faqs').select('question').execute()).map((r) => r.question));
    expect(acknowledged.filter((q) => !stored.has(q))).toEqual([]);
  });
});
