import { execFileSync } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { multipart, pdf } from '../test/multipart.js';
import { call, createTestApp, type TestApp } from '../test/testApp.js';
import { uploadsDir } from './storage.js';

// The uploads folder on a file system of the test's own: full, then read-only. An upload is then refused within
// seconds with a clear message (507 no space, 503 storage unavailable), leaves no partial file, and the rest of the
// app works on. Mounting needs root, as CI and the development machines run; elsewhere the test says so and skips.

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });
let mountable = false;
let t: TestApp;
let dir: string;
let cookie: string;
let uuid: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = uploadsDir(t.config.dataDir);
  await mkdir(dir, { recursive: true });
  try {
    // Room for a few kilobytes: a file of 200 kB cannot fit.
    mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir);
    mountable = true;
  } catch {
    mountable = false;
  }
  const period = await createPeriod(t.db, 'Lagringsperioden');
  const applicantId = await createApplicant(t.db, 'lagring@test.se');
  cookie = await applicantCookie(t.db, applicantId);
  uuid = (await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: enums.application_status.draft })).uuid;
});
afterAll(async () => {
  if (mountable) mount('-o', 'remount,rw', dir);
  if (mountable) execFileSync('umount', [dir]);
  await t.close();
});

const upload = (size: number) => {
  const form = multipart([{ name: 'file', filename: 'Budget.pdf', content: pdf(size) }]);
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${uuid}/files`,
    cookie,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'en-US' },
  });
};
const stored = async () => (await t.db.selectFrom('application_files').select('id').execute()).length;

describe.skipIf(process.getuid?.() !== 0)('the uploads folder failing', () => {
  it('a full disk: 507 at once, no partial file, nothing stored, and the app works on', async () => {
    expect(mountable, 'mount a tmpfs as root').toBe(true);
    const before = await readdir(dir);
    const count = await stored();
    const started = performance.now();
    const response = await upload(200_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toMatchObject({
      message: 'There is no room to store the file right now. Please try again later or contact the foundation.',
    });
    expect(await readdir(dir)).toEqual(before);
    expect(await stored()).toBe(count);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/portal/applications', cookie })).statusCode).toBe(200);
    // A small file still fits.
    expect((await upload(1_000)).statusCode).toBe(201);
  });

  it('a read-only folder: 503 at once, no partial file, nothing stored, and the app works on', async () => {
    expect(mountable, 'mount a tmpfs as root').toBe(true);
    const before = await readdir(dir);
    const count = await stored();
    mount('-o', 'remount,ro', dir);
    try {
      const started = performance.now();
      const response = await upload(1_000);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ message: 'Files cannot be saved or fetched right now. Please try again in a moment.' });
      // Over the network too, where the client is still sending a large file when the server gives up on it.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const form = multipart([{ name: 'file', filename: 'Stor.pdf', content: pdf(5_000_000) }]);
      const over = performance.now();
      const answer = await fetch(`${address}/api/v1/portal/applications/${uuid}/files`, {
        method: 'POST',
        headers: { ...form.headers, cookie, 'x-requested-with': 'XMLHttpRequest', origin: t.config.publicUrl },
        body: form.payload,
        signal: AbortSignal.timeout(10_000),
      });
      expect(answer.status).toBe(503);
      expect(performance.now() - over).toBeLessThan(5_000);
      expect(await readdir(dir)).toEqual(before);
      expect(await stored()).toBe(count);
      expect((await call(t.app, { method: 'GET', url: '/api/v1/portal/applications', cookie })).statusCode).toBe(200);
    } finally {
      mount('-o', 'remount,rw', dir);
    }
    expect((await upload(1_000)).statusCode).toBe(201);
  });
});
