import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { baseDir, MANIFEST, walDir, type Manifest } from './backupFolder.js';

// The dashboard of those who manage users says how the embedded database's backups stand: the last base backup, the
// last archived WAL, and a warning when either is older than 2 days or archiving fails; /metrics gives their ages. With
// DATABASE_URL (the test apps' default) they say nothing of backups. The health check, open to anyone, never does.

const now = new Date('2031-06-15T10:00:00Z');
const DAY = 24 * 3600_000;
let backupDir = '';
let t: TestApp;
let plain: TestApp;
const cookie = { admin: '', investigator: '' };
const METRICS_TOKEN = 'backup-status-metrics-token-0123';

/** A finished base backup in the folder, finished at `finished`. */
async function baseBackup(finished: Date) {
  const dir = path.join(baseDir(backupDir), finished.toISOString().replace(/[-:]|\.\d+/g, ''));
  await mkdir(dir, { recursive: true });
  const manifest: Manifest = {
    started_at: new Date(finished.getTime() - 60_000).toISOString(),
    finished_at: finished.toISOString(),
    start_wal: '000000010000000000000002',
    start_lsn: '0/2000028',
    stop_lsn: '0/2000100',
    data_bytes: 1,
    files: [],
    file_bytes: 0,
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
}

/** An archived WAL segment, archived at `at` (the test database archives nothing, so the folder is what counts). */
async function archivedSegment(name: string, at: Date) {
  await mkdir(walDir(backupDir), { recursive: true });
  await writeFile(path.join(walDir(backupDir), name), '');
  await utimes(path.join(walDir(backupDir), name), at, at);
}

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'backup-status-'));
  t = await createTestApp({ clock: { now: () => now }, config: { backupDir, metricsToken: METRICS_TOKEN } });
  plain = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@backup-status.test');
  await createStaff(t.db, 'utredare', 'utredare@backup-status.test');
  cookie.admin = await sessionCookie(t.app, 'admin@backup-status.test');
  cookie.investigator = await sessionCookie(t.app, 'utredare@backup-status.test');
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await rm(backupDir, { recursive: true, force: true });
});

const health = async (app: TestApp, cookie?: string) => {
  const response = await call(app.app, { method: 'GET', url: '/api/v1/health', cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const dashboard = async (app: TestApp, as: string) =>
  (await call(app.app, { method: 'GET', url: '/api/v1/dashboard', cookie: as })).json().data;
const backup = async () => (await dashboard(t, cookie.admin)).backup;

describe('the backup status', () => {
  it('warns while there is no backup, gives the last base backup and archived WAL, and warns when either is 2 days old', async () => {
    expect(await backup()).toEqual({ last_base_backup_at: null, last_archived_wal_at: null, warning: 'base_backup_old' });
    await baseBackup(new Date(now.getTime() - 3 * DAY));
    await archivedSegment('000000010000000000000003', new Date(now.getTime() - 3 * DAY));
    expect(await backup()).toEqual({
      last_base_backup_at: new Date(now.getTime() - 3 * DAY).toISOString(),
      last_archived_wal_at: new Date(now.getTime() - 3 * DAY).toISOString(),
      warning: 'base_backup_old',
    });
    await baseBackup(new Date(now.getTime() - DAY));
    expect((await backup()).warning).toBe('wal_old');
    // The newest segment by its place in the WAL, whatever its timeline.
    await archivedSegment('000000020000000000000004', new Date(now.getTime() - 60_000));
    expect(await backup()).toEqual({
      last_base_backup_at: new Date(now.getTime() - DAY).toISOString(),
      last_archived_wal_at: new Date(now.getTime() - 60_000).toISOString(),
      warning: null,
    });
  });

  it('is on the dashboard of those who manage users only, and in the metrics, never in the health check', async () => {
    expect((await dashboard(t, cookie.admin)).backup).toMatchObject({ warning: expect.toBeOneOf(['base_backup_old', 'wal_old', null]) });
    expect((await dashboard(t, cookie.investigator)).backup).toBeNull();
    // Anyone may ask the health check (a load balancer does): the status alone, whoever asks.
    for (const who of [undefined, cookie.investigator, cookie.admin]) expect(await health(t, who)).toEqual({ data: { status: 'ok' } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^backup_last_base_backup_age_seconds \S+$/m);
    expect(metrics.body).toMatch(/^backup_last_archived_wal_age_seconds \S+$/m);
  });

  it('is null on the dashboard with DATABASE_URL, and the health check the status alone', async () => {
    expect(await health(plain)).toEqual({ data: { status: 'ok' } });
    await createStaff(plain.db, 'admin', 'admin@backup-status-plain.test');
    expect((await dashboard(plain, await sessionCookie(plain.app, 'admin@backup-status-plain.test'))).backup).toBeNull();
  });
});
