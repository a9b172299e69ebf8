import { test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOidcServer, type OidcServer } from '../server/test/oidcServer';
import { appEnv, startServerProcess } from '../server/test/serverProcess';
import { startSmtpServer } from '../server/test/smtpServer';
import { trackRequests, whatFailed } from './network';

export { expect } from '@playwright/test';

/** What one Playwright worker runs its journeys against: the app on a fresh data directory, and the SMTP server it mails to. */
export interface WorkerServer {
  url: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The OpenID Connect provider the app signs applicants (e-ID) and staff (single sign-on) in through. */
  oidc: OidcServer;
}

export type Locale = 'sv-SE' | 'en-US';

let current: WorkerServer | undefined;

/** This worker's server, for the helpers that read its mails. */
export function workerServer(): WorkerServer {
  if (!current) throw new Error('no server: import test from e2e/fixtures, not from @playwright/test');
  return current;
}

/**
 * Each worker has a server of its own, with its own embedded PostgreSQL and demo data, started as `npm start` starts
 * it, and its own SMTP server that catches every mail: workers never see each other's data, so journeys can run side
 * by side. Ports follow the worker's slot (E2E_PORT, E2E_PORT + 1, …), so a server left by a killed run is not
 * shared but found (the start then fails on its port).
 */
export const test = base.extend<{ newPage: (locale?: Locale) => Promise<Page> }, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first argument
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3990) + workerInfo.parallelIndex;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-data-${port}-`));
      const smtp = await startSmtpServer();
      const url = `http://localhost:${port}`;
      const oidc = await startOidcServer({
        clients: [
          { client_id: 'portal', client_secret: 'portal-secret', redirect_uris: [`${url}/e-legitimation`] },
          { client_id: 'staff', client_secret: 'staff-secret', redirect_uris: [`${url}/admin/login/oidc`] },
        ],
      });
      const app = await startServerProcess(
        appEnv(port, dataDir, {
          PUBLIC_URL: url,
          NODE_ENV: 'test',
          SEED_DEMO: 'true',
          SMTP_URL: smtp.url,
          // Every journey's browser is one client address, and some sign the same demo applicant in many times.
          APPLICANT_LINKS_PER_HOUR: '10000',
          STAFF_FAILED_SIGN_INS_PER_HOUR: '10000',
          OIDC_ISSUER: oidc.issuer,
          OIDC_CLIENT_ID: 'portal',
          OIDC_CLIENT_SECRET: 'portal-secret',
          OIDC_SCOPES: 'openid profile email personal_number',
          OIDC_PERSONAL_NUMBER_CLAIM: 'personal_number',
          STAFF_OIDC_ISSUER: oidc.issuer,
          STAFF_OIDC_CLIENT_ID: 'staff',
          STAFF_OIDC_CLIENT_SECRET: 'staff-secret',
          STAFF_OIDC_NAME: 'Stiftelsens konto',
        }),
      );
      // What the server says beyond its start (warnings, errors) is the worker's to show.
      app.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      current = { url, smtp, oidc };
      await use(current);
      current = undefined;
      await app.stop();
      await smtp.close();
      await oidc.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  page: async ({ page }, use, testInfo) => {
    trackRequests(page);
    await use(page);
    await tellFailure(testInfo, [page]);
  },
  /**
   * Another person at another computer: a page in a browser of its own (cookies and storage its own) that speaks
   * `locale`. Closed when the test ends, passed or failed, so nothing it left keeps running beside the next test.
   */
  newPage: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async (locale = 'sv-SE') => {
      const context = await browser.newContext({ locale });
      contexts.push(context);
      await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
      const page = await context.newPage();
      trackRequests(page);
      return page;
    });
    await tellFailure(
      testInfo,
      contexts.flatMap((context) => context.pages()),
    );
    for (const context of contexts) await context.close();
  },
});

/** A failed journey prints what each of its pages showed (network.ts whatFailed). */
async function tellFailure(testInfo: TestInfo, pages: Page[]) {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const page of pages) console.log(`--- ${testInfo.title}\n${await whatFailed(page)}`);
}
