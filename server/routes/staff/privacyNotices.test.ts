import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as erasureNotice from '../../db/migrations/0025_privacy_notice_erasure.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The privacy notice staff write per language, and what anyone reads of it, with the retention rules written in.

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
const now = new Date('2026-05-04T08:30:00Z');

const notices = (cookie?: string) => call(t.app, { method: 'GET', url: '/api/v1/privacy-notices', cookie });
const save = (data: object, cookie = admin) => call(t.app, { method: 'PUT', url: '/api/v1/privacy-notices', cookie, payload: { data } });
const publicNotice = (language: string) =>
  call(t.app, { method: 'GET', url: '/api/v1/privacy-notice', headers: { 'accept-language': language } });

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  adminId = await createStaff(t.db, 'admin', 'privacy-admin@test.se');
  await createStaff(t.db, 'utredare', 'privacy-investigator@test.se');
  admin = await sessionCookie(t.app, 'privacy-admin@test.se');
  investigator = await sessionCookie(t.app, 'privacy-investigator@test.se');
});
afterAll(() => t.close());

describe('the privacy notice', () => {
  it('is changed per language by an admin, named as the last to change it, and read by anyone in their language with the rules in force', async () => {
    const saved = await save({
      'sv-SE': 'Vi sparar utkast i %{draft_months} månader.\n\nBeviljade ansökningar i %{approved_years} år.',
      'en-US': 'We keep drafts for %{draft_months} months.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data['sv-SE']).toEqual({
      body: 'Vi sparar utkast i %{draft_months} månader.\n\nBeviljade ansökningar i %{approved_years} år.',
      updated_at: now.toISOString(),
      updated_by: { id: adminId, name: expect.stringContaining('Anna') },
    });
    expect((await notices(admin)).json().data).toEqual(saved.json().data);

    // Anyone, signed in or not, reads it with the rules' figures written in.
    const rules = { draft_months: 6, rejected_months: 24, approved_years: 7 };
    expect((await call(t.app, { method: 'PUT', url: '/api/v1/retention', cookie: admin, payload: { data: rules } })).statusCode).toBe(200);
    const sv = await publicNotice('sv-SE');
    expect(sv.statusCode).toBe(200);
    expect(sv.json().data).toEqual({ locale: 'sv-SE', body: 'Vi sparar utkast i 6 månader.\n\nBeviljade ansökningar i 7 år.' });
    expect((await publicNotice('en-US,en;q=0.9')).json().data).toEqual({ locale: 'en-US', body: 'We keep drafts for 6 months.' });

    // One language changed leaves the other as it was.
    expect((await save({ 'en-US': 'Changed.' })).json().data['sv-SE'].body).toContain('%{draft_months}');
  });

  it('refuses an empty text with a translated error, and changes nothing', async () => {
    const before = (await notices(admin)).json().data;
    const refused = await save({ 'sv-SE': '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('sv-SE');
    expect((await notices(admin)).json().data).toEqual(before);
  });

  it('is edited only by those who hold manage-data-protection', async () => {
    expect((await notices(investigator)).statusCode).toBe(403);
    expect((await save({ 'sv-SE': 'Nej.' }, investigator)).statusCode).toBe(403);
    expect((await notices()).statusCode).toBe(401);
  });
});

// On a database of their own: the other tests change the texts, and tests run in any order.
describe('the default privacy notice', () => {
  async function onFreshDatabase(check: (fresh: TestApp) => Promise<void>) {
    const fresh = await createTestApp();
    try {
      await check(fresh);
    } finally {
      await fresh.close();
    }
  }
  const bodyOf = async (app: TestApp, language: string) =>
    (await call(app.app, { method: 'GET', url: '/api/v1/privacy-notice', headers: { 'accept-language': language } })).json().data
      .body as string;

  it('tells applicants in both languages what erasure does to drafts, undecided, rejected and approved applications and the account', () =>
    onFreshDatabase(async (fresh) => {
      const sv = await bodyOf(fresh, 'sv-SE');
      expect(sv).toContain('Om du raderar ditt konto eller ber oss radera dina uppgifter:');
      expect(sv).toMatch(/utkast som du aldrig har skickat in raderas direkt/);
      expect(sv).toMatch(/avslag anonymiseras direkt/);
      expect(sv).toMatch(/inte har meddelat dig något beslut om dras tillbaka/);
      expect(sv).toMatch(
        /Beviljade ansökningar som du har fått beslut om måste stiftelsen enligt lag spara som underlag för sin bokföring/,
      );
      expect(sv).toMatch(/Ditt konto tas bort/);
      expect(sv).not.toContain('%{');
      const en = await bodyOf(fresh, 'en-US');
      expect(en).toContain('If you delete your account or ask us to erase your data:');
      expect(en).toMatch(/drafts you never sent in are deleted at once/);
      expect(en).toMatch(/Rejected applications are anonymised at once/);
      expect(en).toMatch(/not yet told you a decision on are withdrawn/);
      expect(en).toMatch(/Approved applications whose decision you have received are records of the foundation's bookkeeping/);
      expect(en).toMatch(/Your account is removed/);
      expect(en).not.toContain('%{');
    }));

  it('keeps a text staff edited when the erasure paragraph is added, and replaces only the untouched default', () =>
    onFreshDatabase(async (fresh) => {
      // The migration as it runs, on the database as it was before it, with the Swedish text edited by staff.
      const raw = fresh.db as unknown as Kysely<unknown>;
      await erasureNotice.down(raw);
      const before = await bodyOf(fresh, 'en-US');
      expect(before).not.toContain('erase');
      await fresh.db.updateTable('privacy_notices').set({ body: 'Vår egen text.' }).where('locale', '=', 'sv-SE').execute();
      await erasureNotice.up(raw);
      expect(await bodyOf(fresh, 'sv-SE')).toBe('Vår egen text.');
      const en = await bodyOf(fresh, 'en-US');
      expect(en).toContain('If you delete your account or ask us to erase your data:');
      // Only the paragraph added: the rest as it was.
      expect(en.replace(/\n\nIf you delete your account[^\n]*/, '')).toBe(before);
    }));
});
