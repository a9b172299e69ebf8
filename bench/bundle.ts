/**
 * Gzipped JavaScript that a browser first loads for /register (portal), /ansok/:id (the application form, signed in
 * as a demo applicant) and /admin (staff login), measured in Chromium against the real server: every .js response
 * until the page is idle, with an empty cache. Usage: npm run bench:bundle
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startAndTime, stop } from './serve.js';

const port = 3981;
execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
const { child } = await startAndTime(['node_modules/.bin/tsx', 'server/main.ts'], { DATA_DIR: dataDir, LOG_LEVEL: 'error' }, port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

const base = `http://localhost:${port}`;

/**
 * A fresh browser context (empty cache) signed in as a demo applicant: the login link from the development mailbox
 * is followed in another context, whose cookies and stored session are handed over. Also the form's path.
 */
async function applicantContext() {
  const signing = await browser.newContext();
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  await signing.request.post(`${base}/api/v1/frontend-users/login-link`, { headers, data: { data: { email: 'maria.nilsson@demo.se' } } });
  const mailbox = await (await signing.request.get(`${base}/dev/mailbox`)).text();
  const token = /\/logga-in\/([\w-]+)/.exec(mailbox)![1];
  const page = await signing.newPage();
  await page.goto(`${base}/logga-in/${token}`);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Logga ut' }).waitFor();
  const periods = (await (await signing.request.get(`${base}/api/v1/portal/periods`, { headers })).json()) as {
    data: { id: number; application_types: { id: number }[] }[];
  };
  const [period] = periods.data;
  const context = await browser.newContext({ storageState: await signing.storageState() });
  await signing.close();
  return { context, path: `/ansok/${period.id}?type=${period.application_types[0].id}` };
}

// Budgets (kB gzipped) that growth fails: today /register 128.9, the form 149.9 (the demo draft opens on step 2, with
// its inputs and file field), /admin 318.1. Of the portal's, the first chunk is React with React DOM (about 67), MUI's
// core with emotion (about 35), the first texts (5) and the portal's shell (router, layout, providers; 5); MUI's
// inputs and alerts, which most pages use, are one more chunk (12); the rest is the page: 3.5 for /register, 24.5 for
// the form (its editor, steps and MUI's stepper, radio, check box and select). The portal routes with wouter (3 kB with
// its adapter), rather than React Router (13 kB that do not tree-shake), and the pages an applicant comes to later load
// their own texts.
const targets: Record<string, { path: string; budget: number; signedIn?: boolean }> = {
  portal: { path: '/register', budget: 150 },
  form: { path: '/ansok/:id', budget: 150, signedIn: true },
  admin: { path: '/admin', budget: 400 },
};
let failed = false;
try {
  for (const [name, target] of Object.entries(targets)) {
    const { budget } = target;
    let url = target.path;
    let context = await browser.newContext();
    if (target.signedIn) ({ context, path: url } = await applicantContext());
    const page = await context.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body();
      scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    });
    await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    if (target.signedIn && !new URL(page.url()).pathname.startsWith('/ansok/')) throw new Error(`${url} led to ${page.url()}`);
    await context.close();
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(
      `${url} (${name}): ${scripts.length} scripts, ${kb(scripts.reduce((s, x) => s + x.raw, 0))} kB raw, ${kb(total)} kB gzipped (budget ${budget} kB)`,
    );
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`   ${kb(s.gzip).padStart(7)} kB  ${s.url}`);
    if (total / 1024 > budget) failed = true;
  }
} finally {
  await browser.close();
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
