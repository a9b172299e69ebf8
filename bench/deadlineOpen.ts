import { sql } from 'kysely';
import type { ServerProcess } from '../server/test/serverProcess.js';
import type { BenchApp } from './benchApp.js';
import { applicantStep, draftsFilledIn, lostWrites, staffRead, type Applicant } from './deadlineDay.js';
import { nodeCpu, postgresCpu, quantile } from './processes.js';

// The deadline day as it comes (bench/deadline.ts with DEADLINE_RATES): open-loop, requests arrive at a fixed rate
// whatever the app answers, as a day's applicants and staff do; a closed loop's clients wait for their answers, so its
// latency is mostly the queue its own clients make. At each rate in turn, for DEADLINE_STEP_SECONDS: arrivals at
// random (Poisson, seeded), one in four a staff read of the closed loop's mix, the rest an applicant's next step (a
// save; from their moment in the step's last fifth, the moments spread evenly over it and dealt out at random, their
// send-in; sent in, a look at the dashboard), one at a time per applicant as a form's autosave sends them. Latency
// counts from when a request was due, not when it could be sent, so a late start is not hidden. Each step has
// applicants of its own, whose acknowledged writes are checked. DEADLINE_TRACE=1 prints each request slower than
// 200 ms with the moment it was due, to see when in a step the slow ones come (DEADLINE_TRACE=80: slower than 80 ms).

const STEP_SECONDS = Number(process.env.DEADLINE_STEP_SECONDS ?? 20);
/** Seconds at the first rate before the steps, unmeasured: the app's code compiled, its plans made, the caches warm. */
const WARMUP_SECONDS = Number(process.env.DEADLINE_WARMUP_SECONDS ?? 10);
const APPLICANTS = 150;
/** The closed loop's 50 staff of 200 clients. */
const STAFF_SHARE = 0.25;
/** The latency whose crossing at the 99th percentile ends the steps. */
const LIMIT_MS = 500;
/** Requests slower than this many ms are printed: DEADLINE_TRACE's number, 200 for DEADLINE_TRACE=1, none without it. */
const traced = Number(process.env.DEADLINE_TRACE ?? 0);
const TRACE_MS = traced > 1 ? traced : process.env.DEADLINE_TRACE ? 200 : null;

/** A seeded generator of numbers in [0, 1) (mulberry32): the same arrivals on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Step {
  latencies: number[];
  /** Latencies by what was asked: a staff read, a save, a send-in, a dashboard. */
  of: Map<string, number[]>;
  errors: number;
  /** Arrivals for an applicant when every applicant already had a request under way. */
  skipped: number;
  seconds: number;
}

/** One rate for STEP_SECONDS: every arrival sent when due, then every answer awaited. */
async function openLoop(
  bench: BenchApp,
  rate: number,
  base: string,
  applicants: Applicant[],
  seed: number,
  seconds = STEP_SECONDS,
): Promise<Step> {
  const period = await bench.db.selectFrom('periods').select('id').where('name', '=', 'Sista dagen').executeTakeFirstOrThrow();
  const next = random(seed);
  // Their moments to send in dealt out at random: the arrivals take the applicants in turn, and with the moments in
  // their order, those whose moment came since the last round (neighbours) would all send in at once, a burst of 50
  // in half a second every second and a third, which the day does not have.
  const moments = applicants.map((applicant) => applicant.sendsInAt);
  for (const applicant of applicants) applicant.sendsInAt = moments.splice(Math.floor(next() * moments.length), 1)[0];
  const step: Step = { latencies: [], of: new Map(), errors: 0, skipped: 0, seconds: 0 };
  const started = performance.now();
  const end = started + seconds * 1000;
  const underway: Promise<void>[] = [];
  let cursor = 0;
  const timed = async (due: number, request: () => Promise<{ ok: boolean; what: string }>) => {
    const { ok, what } = await request().catch(() => ({ ok: false, what: 'failed' }));
    const latency = performance.now() - due;
    step.latencies.push(latency);
    const group = step.of.get(what) ?? [];
    group.push(latency);
    step.of.set(what, group);
    if (TRACE_MS !== null && latency > TRACE_MS)
      console.log(`  slow: ${what} due at ${((due - started) / 1000).toFixed(2)} s took ${latency.toFixed(0)} ms`);
    if (!ok) step.errors += 1;
  };
  for (let i = 0, due = started; ; i++) {
    due += (-Math.log(1 - next()) * 1000) / rate;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (next() < STAFF_SHARE) {
      underway.push(
        timed(due, async () => {
          const response = await fetch(`${base}${staffRead(i, period.id)}`, { headers: bench.headers });
          await response.arrayBuffer();
          return { ok: response.ok, what: 'staff' };
        }),
      );
      continue;
    }
    let applicant: Applicant | undefined;
    for (let tried = 0; tried < applicants.length && !applicant; tried++) {
      const candidate = applicants[cursor];
      cursor = (cursor + 1) % applicants.length;
      if (!candidate.busy) applicant = candidate;
    }
    if (!applicant) {
      step.skipped += 1;
      continue;
    }
    const chosen = applicant;
    chosen.busy = true;
    underway.push(
      timed(due, async () => {
        try {
          return await applicantStep(chosen, i, due >= started + seconds * 1000 * chosen.sendsInAt);
        } finally {
          chosen.busy = false;
        }
      }),
    );
  }
  await Promise.all(underway);
  step.seconds = (performance.now() - started) / 1000;
  return step;
}

const p99Of = (step: Step, what: string) => {
  const latencies = step.of.get(what);
  return latencies ? quantile(latencies, 0.99).toFixed(0) : '-';
};

/** The open-loop day at each of `rates` (requests a second) in turn, until the 99th percentile passes LIMIT_MS. */
export async function openLoopDays(bench: BenchApp, rates: number[], base: string, server: ServerProcess) {
  console.log(
    `Open loop, ${STEP_SECONDS} s a rate, ${APPLICANTS} applicants a rate, one request in four a staff read; latency from when each was due.`,
  );
  console.log(
    'rate/s  answered/s   p50 ms   p99 ms   p99 ms of: staff  saves  send-ins  errors  skipped  sent in  lost  CPU: app  PostgreSQL  clients',
  );
  // From the state autovacuum keeps: on a kept database (BENCH_REUSE) the runs before left their drafts' saves as dead
  // rows, which every list walks past until autovacuum comes, so without this a run measured how many ran before it.
  await sql`VACUUM (ANALYZE)`.execute(bench.db);
  if (WARMUP_SECONDS > 0)
    await openLoop(
      bench,
      rates[0],
      base,
      await draftsFilledIn(bench.db, `warmup-${Date.now()}`, APPLICANTS, () => base),
      0,
      WARMUP_SECONDS,
    );
  let passed: number | null = null;
  let lostInAll = 0;
  for (const [index, rate] of rates.entries()) {
    const applicants = await draftsFilledIn(bench.db, `open${index}-${Date.now()}`, APPLICANTS, () => base);
    const [node0, pg0, clients0] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
    const step = await openLoop(bench, rate, base, applicants, index + 1);
    const [node1, pg1, clients1] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
    const lost = await lostWrites(bench.db, applicants);
    lostInAll += lost;
    const p99 = quantile(step.latencies, 0.99);
    const core = (seconds: number) => `${((seconds / step.seconds) * 100).toFixed(0)} %`;
    console.log(
      `${String(rate).padStart(6)} ${(step.latencies.length / step.seconds).toFixed(0).padStart(11)} ${quantile(step.latencies, 0.5).toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ${p99Of(step, 'staff').padStart(17)} ${p99Of(step, 'save').padStart(6)} ${p99Of(step, 'send-in').padStart(9)} ${String(step.errors).padStart(7)} ${String(step.skipped).padStart(8)} ${String(applicants.filter((a) => a.sentIn).length).padStart(8)} ${String(lost).padStart(5)} ${core(node1 - node0).padStart(9)} ${core(pg1 - pg0).padStart(11)} ${core(clients1 - clients0).padStart(8)}`,
    );
    if (p99 > LIMIT_MS) {
      passed = rate;
      break;
    }
  }
  console.log(
    passed === null
      ? `The 99th percentile stayed under ${LIMIT_MS} ms at every rate up to ${rates.at(-1)} requests/s.`
      : `The 99th percentile passes ${LIMIT_MS} ms at ${passed} requests/s.`,
  );
  console.log(`lost writes: ${lostInAll}${lostInAll ? '  <- an acknowledged write is missing' : ''}`);
  if (lostInAll) process.exitCode = 1;
}
