import { defineConfig } from '@playwright/test';

// Each worker starts a server of its own on a fresh data directory, with the demo data and a real SMTP server that
// catches its mails (e2e/fixtures.ts), so journeys run side by side and none sees what another left.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  // Test by test, not file by file: the workers share the run evenly, and a journey cannot lean on the one before it.
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // An action waits for its element this long at most, so a page that never shows it fails early, saying which.
    actionTimeout: 15_000,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    // As someone who asked for less motion: the apps then skip fades and ripples (src/theme.ts), which a journey would
    // only wait for.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (each action with the page's DOM before and after, the network, the console), but
    // not a film of the screen: filming every test of the run costs the browsers a good part of the machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  projects: [
    // The journeys: what `npm test` runs.
    { name: 'journeys', use: { browserName: 'chromium' }, testIgnore: 'screenshots.spec.ts' },
    // Pictures of the pages for people to look at (`npm run screenshots`): they write files and test nothing.
    { name: 'screenshots', use: { browserName: 'chromium' }, testMatch: 'screenshots.spec.ts' },
  ],
});
