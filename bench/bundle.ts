/**
 * Gzipped JavaScript that a browser first loads for /register (portal) and /admin (staff login), measured in
 * Chromium against the real server: every .js response until the page is idle. Usage: npm run bench:bundle
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
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

const targets = { portal: { path: '/register', budget: 200 }, admin: { path: '/admin', budget: 450 } };
let failed = false;
try {
  for (const [name, { path: url, budget }] of Object.entries(targets)) {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body();
      scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    });
    await page.goto(`http://localhost:${port}${url}`, { waitUntil: 'networkidle' });
    await page.close();
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`${url} (${name}): ${scripts.length} scripts, ${kb(scripts.reduce((s, x) => s + x.raw, 0))} kB raw, ${kb(total)} kB gzipped (budget ${budget} kB)`);
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`   ${kb(s.gzip).padStart(7)} kB  ${s.url}`);
    if (total / 1024 > budget) failed = true;
  }
} finally {
  await browser.close();
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
