import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// A fresh server on a fresh data directory for every run, with the demo data, on a port of its own.
const port = Number(process.env.E2E_PORT ?? 3990);
const dataDir = path.join(os.tmpdir(), `e2e-data-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  // A real SMTP server for the run: the app delivers every mail to it (SMTP_URL below).
  globalSetup: './e2e/mailCatcher.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf "${dataDir}" && tsx server/main.ts`,
    url: `http://localhost:${port}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // A graceful stop, so the server also stops its embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      // Every journey's browser is one client address, and some sign the same demo applicant in many times.
      APPLICANT_LINKS_PER_HOUR: '10000',
      STAFF_FAILED_SIGN_INS_PER_HOUR: '10000',
    },
  },
});
