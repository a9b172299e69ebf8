import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { stockholmDay } from '../clock.js';
import { createPeriod } from '../test/handlingFixtures.js';
import { plansOf } from '../test/plans.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { ownApplications } from './ownApplications.js';

// How the portal finds what an applicant reaches (reachedBy): their own applications and their organisations', each by
// its index. Under an OR, `organisation_id IN (SELECT …)` can only be a filter, which read every application for each
// dashboard (100–200 ms at 100 000 applications while a deadline's send-ins ran, `npm run bench:deadline-open`).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the portal’s reach', () => {
  it('reads an applicant’s and their organisations’ applications by index, not every application', async () => {
    // Enough rows that the planner weighs its indexes as it does on a full database: 5 000 people in 1 000
    // associations of five, 10 000 applications, half of them an association's.
    const { id: period } = await createPeriod(t.db, 'Räckviddsperiod');
    await sql`
      INSERT INTO frontend_users (email, first_name, last_name) SELECT 'reach' || i || '@test.se', 'Förnamn', 'Efternamn' || i
      FROM generate_series(1, 5000) i
    `.execute(t.db);
    await sql`
      INSERT INTO organisations (name, org_number, type) SELECT 'Förening ' || i, 'R' || i, 20 FROM generate_series(1, 1000) i
    `.execute(t.db);
    await sql`
      INSERT INTO organisation_members (organisation_id, frontend_user_id, role)
      SELECT o.first + (f.id - u.first) / 5, f.id, 'member'
      FROM frontend_users f, (SELECT min(id) AS first FROM frontend_users WHERE email LIKE 'reach%') u,
           (SELECT min(id) AS first FROM organisations WHERE org_number LIKE 'R%') o
      WHERE f.email LIKE 'reach%'
    `.execute(t.db);
    await sql`
      INSERT INTO applications (reference, status, frontend_user_id, organisation_id, period_id, money, sent_in_at)
      SELECT 'R-' || i, ${enums.application_status.received}, f.id, CASE WHEN i % 2 = 0 THEN m.organisation_id END, ${period},
             1000, now()
      FROM generate_series(1, 10000) i
      JOIN frontend_users f ON f.email = 'reach' || (1 + i % 5000) || '@test.se'
      JOIN organisation_members m ON m.frontend_user_id = f.id
    `.execute(t.db);
    await sql`VACUUM ANALYZE frontend_users, organisations, organisation_members, applications`.execute(t.db);
    const { id: reader } = await t.db
      .selectFrom('frontend_users')
      .select('id')
      .where('email', '=', 'reach42@test.se')
      .executeTakeFirstOrThrow();

    // What the dashboard lists: the reader's own and their association's, whoever of it wrote them.
    const listed = await ownApplications(t.db, reader, stockholmDay(new Date()));
    expect(listed.length).toBeGreaterThan(2);
    expect(new Set(listed.map((row) => row.organisation_id))).toEqual(
      new Set([null, listed.find((row) => row.organisation_id !== null)!.organisation_id]),
    );

    const [plan] = await plansOf(
      t.db,
      (db) => ownApplications(db, reader, stockholmDay(new Date())),
      (text) => text.includes('organisation_members'),
    );
    expect(plan).not.toMatch(/Seq Scan on applications\b/);
    expect(plan).toContain('Bitmap Index Scan on applications_frontend_user');
    expect(plan).toContain('Bitmap Index Scan on applications_organisation');
  });
});
