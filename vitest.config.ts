import { defineConfig } from 'vitest/config';
import { isDatabaseUnavailable } from './server/db/connect.js';

// Files and the tests in each run in a random order, so a test that leans on another's data fails. Vitest prints
// the seed at the start ("Running tests with seed ..."); VITEST_SEED=<seed> replays that order.
const seed = process.env.VITEST_SEED ? Number(process.env.VITEST_SEED) : undefined;
if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`VITEST_SEED must be a whole number, got "${process.env.VITEST_SEED}"`);

export default defineConfig({
  test: {
    // Three files at a time on two cores: an API test file spends much of its time waiting for PostgreSQL (a process of
    // its own) and for servers it starts, so a third worker fills the cores that one per core leaves idle (Vitest's
    // default is one fewer than the cores, here one: 326 s for the suite, 220 s with two, 183 s with three).
    maxWorkers: 3,
    sequence: { shuffle: { files: true, tests: true }, seed },
    // The server's own rule (server/db/outageRejections.ts): a statement nothing awaited that failed because a test cut
    // the database (pg-boss marks a job done without awaiting it) is the outage the test made, not a bug. Any other
    // unhandled error fails the run. Errors reach this serialised, so the rule reads their code and message.
    onUnhandledError: (error) =>
      !isDatabaseUnavailable(Object.assign(new Error(error.message), { code: (error as { code?: unknown }).code })),
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          // One window per worker for all its files, not one per file: the unit files load in a third of the time.
          // Each file leaves the window clean (src/components/testing/setup.ts).
          isolate: false,
          setupFiles: ['src/components/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'resources/**/*.test.ts', 'locales/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // One embedded PostgreSQL for the run; each test file gets a fresh database cloned from a migrated template.
          globalSetup: ['server/test/globalSetup.ts'],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
