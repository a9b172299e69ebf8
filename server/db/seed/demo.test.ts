import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateAnswers } from '../../../resources/applicationAnswers.js';
import { applications } from '../../../resources/applications.js';
import { enums } from '../../../resources/enums.js';
import { validateRecord } from '../../../resources/validate.js';
import { categoryIdsOf, fileCounts, filesOf, formRecord, questionsOf } from '../../applications/applicationForm.js';
import { login, createTestApp, type TestApp } from '../../test/testApp.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

// Each test seeds a database of its own; the demo's files go where uploads are kept, the local folder or a bucket.
describe.each(['local', 's3'] as const)('with files kept in the %s store', (storage) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ storage });
  });
  afterEach(() => t.close());

  describe('demo data', () => {
    it('seeds a complete Swedish demo once, and never into a database that has staff', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      expect(await seedDemo(t.db)).toBe(false);

      for (const email of ['admin@demo.se', 'utredare@demo.se']) expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
      const roles = await t.db.selectFrom('users').select(['email', 'role']).where('active', '=', true).orderBy('email').execute();
      expect(roles).toEqual(
        expect.arrayContaining([
          { email: 'admin@demo.se', role: 'admin' },
          { email: 'utredare@demo.se', role: 'utredare' },
        ]),
      );

      const periods = await t.db.selectFrom('periods').select(['closed', 'start_date', 'end_date']).execute();
      expect(periods.filter((p) => !p.closed)).toHaveLength(1);
      expect(periods.filter((p) => p.closed)).toHaveLength(1);

      const categoryTypes = await t.db.selectFrom('categories').select('type').distinct().execute();
      expect(categoryTypes.map((c) => c.type).sort()).toEqual(Object.values(enums.category_type).sort());

      const types = await t.db.selectFrom('application_types').select('id').execute();
      expect(types).toHaveLength(2);
      const fieldTypes = await t.db.selectFrom('application_type_field_definitions').select('type').distinct().execute();
      expect(fieldTypes.map((f) => f.type).sort((a, b) => a - b)).toEqual(Object.values(enums.field_type));

      const statuses = await t.db.selectFrom('applications').select('status').distinct().execute();
      expect(statuses.map((s) => s.status).sort((a, b) => a - b)).toEqual(Object.values(enums.application_status).sort((a, b) => a - b));

      for (const table of ['faqs', 'organisations', 'contacts', 'frontend_users'] as const) {
        const { n } = await t.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        expect(n, table).toBeGreaterThan(2);
      }
    });

    it('shows the whole cycle of paying a grant, each payout attested by two and every approval with its plan', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      const { payout_status: status } = enums;
      const payouts = await t.db
        .selectFrom('payouts')
        .select(['status', 'prepared_by', 'approved_by', 'amount', 'instalment_id'])
        .execute();
      expect(new Set(payouts.map((p) => p.status))).toEqual(new Set([status.requested, status.approved, status.in_batch, status.paid]));
      for (const p of payouts.filter((p) => p.approved_by !== null)) expect(p.approved_by).not.toBe(p.prepared_by);
      const lapsed = await t.db.selectFrom('payout_instalments').select('id').where('lapsed_at', 'is not', null).execute();
      expect(lapsed.length).toBeGreaterThan(0);
      const toRepay = await t.db.selectFrom('repayments').select('id').where('received_on', 'is', null).execute();
      expect(toRepay.length).toBeGreaterThan(0);
      const accepted = await t.db.selectFrom('grants').select('application_id').where('accepted_at', 'is not', null).execute();
      expect(accepted.length).toBeGreaterThan(3);
      // Every approval has its grant, whose plan adds up to the amount approved.
      const plans = await t.db
        .selectFrom('applications as a')
        .leftJoin('payout_instalments as i', 'i.application_id', 'a.id')
        .select(['a.id', 'a.approved_money', sql<number>`coalesce(sum(i.amount), 0)::bigint`.as('planned')])
        .where('a.status', '=', enums.application_status.approved)
        .groupBy('a.id')
        .execute();
      for (const plan of plans) expect(Number(plan.planned), `application ${plan.id}`).toBe(plan.approved_money);
      expect((await login(t.app, 'ekonomi@demo.se', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('sends in only applications that pass every rule of the form, as a real applicant’s would', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      const sent = await t.db.selectFrom('applications').selectAll().where('sent_in_at', 'is not', null).execute();
      expect(sent.length).toBeGreaterThan(3);
      for (const row of sent) {
        const [categoryIds, questions, files] = await Promise.all([
          categoryIdsOf(t.db, row.id),
          questionsOf(t.db, row.application_type_id),
          filesOf(t.db, row.id),
        ]);
        const errors = {
          ...validateRecord(applications, formRecord(row, categoryIds)),
          ...validateAnswers(questions, row.definitions, fileCounts(files)),
        };
        expect(errors, row.reference!).toEqual({});
      }
      // Answers to file questions are real files in the store.
      const files = await t.db.selectFrom('application_files').select(['uuid', 'size']).execute();
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) {
        const content = await buffer((await t.storage.read(file.uuid))!.body);
        expect(content.length).toBe(file.size);
        expect(content.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });
  });
});
