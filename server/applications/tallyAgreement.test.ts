import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { parseListQuery } from '../lists/listQuery.js';
import { createApplicant } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { everyPeriod, listApplications, listSpecs, talliedFilters } from './lists.js';

/**
 * "In follow-up", "unread", a month and a period are each written twice: in the tallies' trigger (migration 0014)
 * and in the lists' conditions. For every filter the tallies count, in every list that has it, alone and together
 * with every status, the total they give is the number of rows the list's own conditions find. A filter added to
 * `talliedFilters` without values below fails here until it is tried.
 */
const { draft, ongoing, received, approved, rejected } = enums.application_status;

describe('the tallies and the lists agree', () => {
  let t: TestApp;
  let period: number;
  beforeAll(async () => {
    t = await createTestApp();
    period = (
      await t.db
        .insertInto('periods')
        .values({ name: `Överens ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`, 'Tova', 'Tally');
    // Every status, read or unread, in follow-up (finished or not) or not, sent in either side of a month's end as
    // Stockholm counts it (22:30 UTC on 30 April is 1 May there).
    const sentIn = ['2025-04-30T21:30:00Z', '2025-04-30T22:30:00Z', '2025-06-15T10:00:00Z'];
    let n = 0;
    for (const status of [draft, ongoing, received, approved, rejected])
      for (const unread of [false, true])
        for (const followup of ['none', 'open', 'finished'] as const) {
          const at = sentIn[n % sentIn.length];
          await t.db
            .insertInto('applications')
            .values({
              period_id: period,
              frontend_user_id: applicant,
              status,
              reference: status === draft ? null : `T-${n}`,
              sent_in_at: status === draft ? null : new Date(at),
              unread_messages: unread,
              followup_at: followup === 'none' ? null : '2025-12-01',
              finished: followup === 'finished',
            })
            .execute();
          n++;
        }
  });
  afterAll(async () => {
    await t.close();
  });

  /** Values to try for each filter the tallies count; none for one means the test must learn it. */
  const samples: Record<string, () => string[]> = {
    period: () => [String(period)],
    unread: () => ['true', 'false'],
    followups: () => ['true', 'false'],
    month: () => ['2025-04', '2025-05', '2025-06', '2025-07'],
  };

  it('gives, for every tallied filter and status, the number of rows the list finds', async () => {
    const tallied = Object.values(talliedFilters).flat() as string[];
    for (const name of tallied) expect(samples[name], `values to try for the tallied filter ${name}`).toBeDefined();
    let tried = 0;
    for (const kind of ['all', 'decided'] as const) {
      const spec = listSpecs[kind];
      const filters = tallied.filter((name) => name in spec.filters);
      const statuses = [[], ...spec.statuses.map((status) => [status])];
      for (const name of filters)
        for (const value of samples[name]())
          for (const status of statuses) {
            // Always within this test's period, so other files' applications do not count.
            const raw = { period: String(period), [name]: value, 'status[]': status.map(String), per_page: '100' };
            const page = await listApplications(t.db, kind, parseListQuery(spec, raw), everyPeriod);
            expect(page.total, `${kind} ${JSON.stringify(raw)}`).toBe(page.data.length);
            tried++;
          }
    }
    expect(tried).toBeGreaterThanOrEqual(40);
  });
});
