import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { anonymiseApplications } from '../dataProtection/anonymise.js';
import * as migration from '../db/migrations/0053_own_list_keys.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// Each investigation keeps the application's keys its reader's own list sorts and filters by (migration 0053). However
// the application changes, the copies follow in the same transaction, and the list answers as the applications are now.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'kopior-admin@test.se');
  admin = await sessionCookie(t.app, 'kopior-admin@test.se');
});
afterAll(() => t.close());

const copied = [
  ['status', 'application_status'],
  ['period_id', 'application_period_id'],
  ['application_type_id', 'application_type_id'],
  ['sent_in_at', 'application_sent_in_at'],
  ['reference', 'application_reference'],
  ['money', 'application_money'],
  ['applicant_last_name', 'applicant_last_name'],
  ['applicant_first_name', 'applicant_first_name'],
  ['review_score', 'application_review_score'],
  ['review_spread', 'application_review_spread'],
  ['reviews_pending', 'application_reviews_pending'],
] as const;

/** For each investigation of the applications: the application's keys, and the investigation's copy of them. */
async function keysAndCopies(applicationIds: number[]) {
  const { rows } = await sql<{ original: unknown[]; copy: unknown[] }>`
    SELECT json_build_array(${sql.join(copied.map(([a]) => sql.ref(`a.${a}`)))}) AS original,
           json_build_array(${sql.join(copied.map(([, i]) => sql.ref(`i.${i}`)))}) AS copy
    FROM investigations i JOIN applications a ON a.id = i.application_id
    WHERE a.id = ANY(${applicationIds}::int[]) ORDER BY i.id
  `.execute(t.db);
  return rows;
}

async function expectCopiesFollow(applicationIds: number[], investigations: number) {
  const rows = await keysAndCopies(applicationIds);
  expect(rows).toHaveLength(investigations);
  for (const row of rows) expect(row.copy).toEqual(row.original);
}

describe('the own list’s copy of the application’s keys', () => {
  it('follows the application through every change, and the list sorts by it as it is now', async () => {
    const ylvaId = await createStaff(t.db, 'utredare', 'ylva-kopior@test.se');
    const ylva = await sessionCookie(t.app, 'ylva-kopior@test.se');
    const period = await createPeriod(t.db, 'Kopior 2026');
    const later = await createPeriod(t.db, 'Kopior 2027');
    const ake = await createApplicant(t.db, 'ake@kopior.test', 'Åke', 'Aronsson');
    const beda = await createApplicant(t.db, 'beda@kopior.test', 'Beda', 'Berg');
    const first = await createApplication(t.db, { periodId: period.id, frontendUserId: ake, money: 1_000_00 });
    const second = await createApplication(t.db, { periodId: period.id, frontendUserId: beda, money: 2_000_00 });
    const ids = [first.id, second.id];
    for (const { uuid } of [first, second]) {
      const added = await call(t.app, {
        method: 'POST',
        url: `/api/v1/applications/${uuid}/investigators`,
        cookie: admin,
        payload: { data: { user_id: ylvaId } },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    await expectCopiesFollow(ids, 2);
    const own = async (query: string) => {
      const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/userInvestigations?${query}`, cookie: ylva });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.data as { uuid: string }[]).map((r) => r.uuid);
    };
    expect(await own('sort=applicant')).toEqual([first.uuid, second.uuid]);
    expect(await own('sort=money')).toEqual([first.uuid, second.uuid]);

    // The application's own columns changed, as handling and a decision change them.
    await t.db
      .updateTable('applications')
      .set({ money: 3_000_00, status: enums.application_status.approved, period_id: later.id, reference: '2027-9999' })
      .set({ sent_in_at: new Date('2026-04-01T08:00:00Z') })
      .where('id', '=', first.id)
      .execute();
    await expectCopiesFollow(ids, 2);
    expect(await own('sort=money')).toEqual([second.uuid, first.uuid]);
    expect(await own('sort=status&direction=desc')).toEqual([first.uuid, second.uuid]);

    // A type with review criteria: adding a reviewer sets the figures (server/reviews/figures.ts), and the copies follow.
    const { id: typeId } = await t.db
      .insertInto('application_types')
      .values({ label: 'Granskad typ' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('review_criteria').values({ application_type_id: typeId, label_sv: 'Nytta', label_en: 'Benefit' }).execute();
    await t.db.updateTable('applications').set({ application_type_id: typeId }).where('id', '=', second.id).execute();
    const olgaId = await createStaff(t.db, 'utredare', 'olga-kopior@test.se');
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${second.uuid}/investigators`,
      cookie: admin,
      payload: { data: { user_id: olgaId } },
    });
    await expectCopiesFollow(ids, 3);
    // Ylva's own review of it is to do: its figures are withheld from her until hers is in (server/auth/standing.ts).
    expect(await own('todo=true')).toEqual([second.uuid]);
    expect(await own('reviews_pending=true')).toEqual([]);
    expect(await own('reviews_pending=false')).toEqual([first.uuid]);

    // The applicant renames themselves, and the second application changes hands.
    await t.db.updateTable('frontend_users').set({ last_name: 'Öberg' }).where('id', '=', ake).execute();
    await expectCopiesFollow(ids, 3);
    expect(await own('sort=applicant')).toEqual([second.uuid, first.uuid]);
    await t.db.updateTable('applications').set({ frontend_user_id: ake }).where('id', '=', second.id).execute();
    await expectCopiesFollow(ids, 3);

    // Anonymised, the application's name goes from every investigation's copy too.
    await t.db.transaction().execute((trx) => anonymiseApplications(trx, [first.id], new Date()));
    await expectCopiesFollow(ids, 3);
    const names = await t.db
      .selectFrom('investigations')
      .select(['applicant_last_name', 'applicant_first_name'])
      .where('application_id', '=', first.id)
      .execute();
    expect(names).toEqual([{ applicant_last_name: null, applicant_first_name: null }]);
  });

  it('is given to the investigations made before it, by the migration', async () => {
    const before = await createTestApp();
    try {
      await migration.down(before.db as unknown as Kysely<unknown>);
      const period = await createPeriod(before.db, 'Före 0053');
      const applicant = await createApplicant(before.db, 'fore@kopior.test', 'Frida', 'Före');
      const application = await createApplication(before.db, { periodId: period.id, frontendUserId: applicant, money: 7_000_00 });
      const staffId = await createStaff(before.db, 'utredare', 'fore-utredare@test.se');
      await before.db.insertInto('investigations').values({ application_id: application.id, user_id: staffId }).execute();
      await migration.up(before.db as unknown as Kysely<unknown>);
      const copy = await before.db
        .selectFrom('investigations')
        .select(['application_money', 'application_period_id', 'applicant_last_name'])
        .where('application_id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(copy).toEqual({ application_money: 7_000_00, application_period_id: period.id, applicant_last_name: 'Före' });
    } finally {
      await before.close();
    }
  });
});
