import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { closedPeriod } from '../../test/retentionFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { draft, received, ongoing, approved, rejected } = enums.application_status;
let t: TestApp;
let admin: string;
let now = new Date('2026-05-04T08:00:00Z');

interface PeriodPreview {
  period: { id: number; uuid: string; name: string; end_date: string };
  drafts: number;
  rejected: number;
  approved: number;
  upcoming: unknown;
  postponed: unknown;
}

/** The preview's line for `periodId`, or undefined when a run would do nothing there. */
async function previewOf(periodId: number) {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/retention/preview', cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  const { periods, totals } = response.json().data as { periods: PeriodPreview[]; totals: Record<string, number> };
  for (const action of ['drafts', 'rejected', 'approved'] as const) {
    // A run does nothing in a postponed period: the totals leave it out.
    expect(totals[action]).toBe(periods.reduce((sum, p) => sum + (p.postponed ? 0 : p[action]), 0));
  }
  return periods.find((p) => p.period.id === periodId);
}

const period = (endDate: string) => closedPeriod(t.db, endDate);

const setRules = (rules: { draft_months: number; rejected_months: number; approved_years: number }) =>
  call(t.app, { method: 'PUT', url: '/api/v1/retention', cookie: admin, payload: { data: rules } }).then((r) =>
    expect(r.statusCode).toBe(200),
  );
const defaults = { draft_months: 12, rejected_months: 24, approved_years: 7 };

beforeAll(async () => {
  // A database of this file's own: the rules are one row, which this file changes.
  t = await createTestApp({ clock: { now: () => now } });
  await createStaff(t.db, 'admin', 'preview-admin@test.se');
  admin = await sessionCookie(t.app, 'preview-admin@test.se');
});

afterAll(() => t.close());

describe('GET /retention/preview', () => {
  it('counts, per period, the drafts to delete and the decisions to anonymise, and leaves the rest', async () => {
    await setRules(defaults);
    now = new Date('2026-05-04T08:00:00Z');
    const { id, add } = await period('2024-01-31');
    await add(draft); // never sent in, 12 months after 2024-01-31: deleted
    await add(draft); // the same
    await add(draft, { sent_in_at: new Date('2024-01-20T10:00:00Z') }); // sent in once, then back to draft: kept
    await add(rejected); // 24 months after: anonymised
    await add(approved, { followup_sent_in_at: new Date('2019-03-01T10:00:00Z') }); // 7 years after its follow-up
    await add(approved); // no follow-up: 7 years after the period, in 2031
    await add(approved, { followup_sent_in_at: new Date('2024-06-01T10:00:00Z') }); // its follow-up is recent
    await add(received);
    await add(ongoing);
    await add(rejected, { anonymised_at: new Date('2026-02-02T03:00:00Z') }); // already anonymised
    expect(await previewOf(id)).toMatchObject({ period: { id, end_date: '2024-01-31' }, drafts: 2, rejected: 1, approved: 1 });

    // Longer rules reach fewer; a period with nothing due is not in the preview.
    await setRules({ draft_months: 24, rejected_months: 28, approved_years: 10 });
    expect(await previewOf(id)).toMatchObject({ drafts: 2, rejected: 0, approved: 0 });
    await setRules({ draft_months: 120, rejected_months: 240, approved_years: 30 });
    expect(await previewOf(id)).toBeUndefined();
    await setRules(defaults);
  });

  it('reaches an application the day after its time has passed, counted in Stockholm', async () => {
    await setRules(defaults);
    const { id, add } = await period('2024-03-31');
    await add(rejected);
    // 24 months after 2024-03-31 is 2026-03-31: that day still keeps it, the next (from midnight in Stockholm) not.
    now = new Date('2026-03-31T21:59:00Z'); // 23:59 in Stockholm (summer time): coming, from the next day
    expect(await previewOf(id)).toMatchObject({ rejected: 0, upcoming: { from: '2026-04-01', rejected: 1 } });
    now = new Date('2026-03-31T22:00:00Z'); // 00:00 on 1 April in Stockholm
    expect(await previewOf(id)).toMatchObject({ rejected: 1, upcoming: null });
  });

  it('shows what the rules reach within 30 days, from which day, so a period can be postponed before its first run', async () => {
    await setRules(defaults);
    now = new Date('2026-05-04T08:00:00Z');
    const soon = await period('2024-05-20'); // rejected: reached on 2026-05-21, in 17 days
    await soon.add(rejected);
    await soon.add(rejected);
    const later = await period('2024-06-30'); // reached on 2026-07-01, in 58 days: not yet shown
    await later.add(rejected);
    expect(await previewOf(soon.id)).toMatchObject({ drafts: 0, rejected: 0, approved: 0, upcoming: { from: '2026-05-21', rejected: 2 } });
    expect(await previewOf(later.id)).toBeUndefined();
    now = new Date('2026-06-05T08:00:00Z');
    expect(await previewOf(soon.id)).toMatchObject({ rejected: 2, upcoming: null });
    expect(await previewOf(later.id)).toMatchObject({ rejected: 0, upcoming: { from: '2026-07-01', rejected: 1 } });
  });

  it('is for those who hold manage-data-protection only', async () => {
    await createStaff(t.db, 'utredare', 'preview-investigator@test.se');
    const investigator = await sessionCookie(t.app, 'preview-investigator@test.se');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/retention/preview', cookie: investigator })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/retention/preview' })).statusCode).toBe(401);
  });
});
