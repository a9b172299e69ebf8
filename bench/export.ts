/**
 * The applications list's CSV export at 100,000 applications (GET /api/v1/applications/all/export), over real HTTP
 * from the app as `npm start` runs it (its own process, on the seeded database): time to the first byte, time to the
 * last, size, and how much the app's resident memory grew meanwhile (read from /proc every 5 ms). Then, for
 * comparison, the same file made the way it was before it streamed (every row read at once, then one string), in this
 * process, and whether the two files are the same to the byte.
 * Usage: npm run bench:export (EXPORT_APPLICATIONS changes the size)
 */
import { createHash } from 'node:crypto';
import { openBenchApp } from './benchApp.js';
import { measured } from './memory.js';
import { serveApp } from './processes.js';
import { seedApplications } from './seedApplications.js';
import { exportCells, exportColumns, exportedApplication } from '../server/applications/exportCsv.js';
import { everyPeriod, exportedBatches, listSpecs } from '../server/applications/lists.js';
import { toCsv } from '../server/csv.js';
import { translator } from '../server/i18n.js';
import { parseListQuery } from '../server/lists/listQuery.js';

const APPLICATIONS = Number(process.env.EXPORT_APPLICATIONS ?? 100_000);
const MB = 1024 * 1024;

const bench = await openBenchApp('export', (db) => seedApplications(db, { applications: APPLICATIONS, applicants: 30_000, periods: 12 }));
const { server, base } = await serveApp(bench);
try {
  const url = `${base}/applications/all/export`;
  console.log(`Seeded ${APPLICATIONS.toLocaleString('en')} applications in ${(bench.seeded / 1000).toFixed(1)} s.\n`);

  const runs: { first: number; last: number; bytes: number; growthMb: number; hash: string }[] = [];
  for (let run = 0; run < 3; run++) {
    const { result, growthMb } = await measured(server.child.pid!, async () => {
      const started = performance.now();
      const response = await fetch(url, { headers: bench.headers });
      const reader = response.body!.getReader();
      const hash = createHash('sha256');
      let first = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first) first = performance.now() - started;
        bytes += value.length;
        hash.update(value);
      }
      return { first, last: performance.now() - started, bytes, hash: hash.digest('hex') };
    });
    runs.push({ ...result, growthMb });
  }
  console.log('Streamed over HTTP (3 runs): first byte / last byte ms, size, growth of the app’s memory');
  for (const r of runs)
    console.log(
      `  ${r.first.toFixed(0).padStart(5)} / ${r.last.toFixed(0).padStart(5)} ms  ${(r.bytes / MB).toFixed(1)} MB  +${r.growthMb.toFixed(0)} MB`,
    );

  // The way it was made before it streamed: every row read, then one string; nothing is sent until it exists.
  const { result: whole, growthMb } = await measured(process.pid, async () => {
    const started = performance.now();
    const query = parseListQuery(listSpecs.all, {}, { paged: false });
    // In Swedish, as the app answers a request without Accept-Language.
    const language = { t: translator('sv-SE'), locale: 'sv-SE' as const };
    const rows: Record<string, unknown>[] = [];
    const cellsOf = exportCells(language);
    for await (const batch of exportedBatches(bench.db, query, everyPeriod))
      rows.push(...batch.map((row) => cellsOf(exportedApplication(row))));
    const csv = toCsv(rows, exportColumns(language));
    return { csv, took: performance.now() - started };
  });
  const hash = createHash('sha256').update(whole.csv).digest('hex');
  console.log(
    `\nWhole list, then one string (before, in this process): first byte no sooner than ${whole.took.toFixed(0)} ms, memory +${growthMb.toFixed(0)} MB`,
  );
  console.log(`Same file to the byte: ${runs.every((r) => r.hash === hash) ? 'yes' : 'NO'}`);
} finally {
  await server.stop();
  await bench.close();
}
