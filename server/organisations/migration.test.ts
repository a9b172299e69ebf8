import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import * as migration from '../db/migrations/0047_organisation_members.js';
import * as searchedPeople from '../db/migrations/0051_searched_people.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { orgNumber } from '../test/organisationFixtures.js';
import { createTestApp } from '../test/testApp.js';

const { contact_person, organisation, both } = enums.applicant_type;
const { received, draft } = enums.application_status;

describe('migration 0047', () => {
  it('makes the first to have applied for each organisation its signatory and every other sender a member', async () => {
    // A database of its own, taken back to before the migration, with applications as the earlier code left them.
    const before = await createTestApp();
    try {
      const { db } = before;
      // The names a search reads from the organisations' people (migration 0051) come after them.
      await searchedPeople.down(db as unknown as Kysely<unknown>);
      await migration.down(db as unknown as Kysely<unknown>);
      const period = await createPeriod(db, 'Före 0047');
      const [first, second, student] = await Promise.all(
        ['Första', 'Andra', 'Student'].map((name) => createApplicant(db, `${randomUUID()}@test.se`, name, 'Sökande')),
      );
      const number = orgNumber();
      const registered = await db
        .insertInto('organisations')
        .values({ name: 'Registrerad förening', org_number: orgNumber(), type: 20 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const application = async (applicantId: number, values: Record<string, unknown>, status: number = received) => {
        const { id } = await createApplication(db, { periodId: period.id, frontendUserId: applicantId, status });
        await sql`UPDATE applications SET ${sql.join(
          Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
        )} WHERE id = ${id}`.execute(db);
        return id;
      };
      const forIt = { org_number: number, org_name: 'Bygdens IF', organisation_type: 20 };
      const a = await application(first, { ...forIt, applicant_type: organisation, sent_in_at: new Date('2026-03-01T10:00:00Z') });
      const b = await application(second, { ...forIt, applicant_type: both, sent_in_at: new Date('2026-03-05T10:00:00Z') });
      // A scholarship that named a registered organisation is the person's alone.
      const c = await application(student, { applicant_type: contact_person, organisation_id: registered.id });
      const secondsDraft = await application(second, { ...forIt, applicant_type: organisation }, draft);
      const studentsDraft = await application(student, { ...forIt, applicant_type: organisation }, draft);

      await migration.up(db as unknown as Kysely<unknown>);
      await searchedPeople.up(db as unknown as Kysely<unknown>);
      const made = await db
        .selectFrom('organisations')
        .select(['id', 'name', 'is_verified'])
        .where('org_number', '=', number)
        .executeTakeFirstOrThrow();
      expect(made).toMatchObject({ name: 'Bygdens IF', is_verified: false });
      const members = await db
        .selectFrom('organisation_members')
        .select(['frontend_user_id', 'role'])
        .where('organisation_id', '=', made.id)
        .orderBy('id')
        .execute();
      expect(members).toEqual([
        { frontend_user_id: first, role: 'signatory' },
        { frontend_user_id: second, role: 'member' },
      ]);
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'organisation_id', 'sent_in_by'])
        .where('id', 'in', [a, b, c, secondsDraft, studentsDraft])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: a, organisation_id: made.id, sent_in_by: first },
        { id: b, organisation_id: made.id, sent_in_by: second },
        { id: c, organisation_id: null, sent_in_by: student },
        { id: secondsDraft, organisation_id: made.id, sent_in_by: null },
        { id: studentsDraft, organisation_id: null, sent_in_by: null },
      ]);
      const history = await db
        .selectFrom('organisation_history')
        .select(['action', 'about_applicant', 'details'])
        .where('organisation_id', '=', made.id)
        .orderBy('id')
        .execute();
      expect(history.map((h) => [h.action, h.about_applicant, h.details.role])).toEqual([
        ['member_added', first, 'signatory'],
        ['member_added', second, 'member'],
      ]);
    } finally {
      await before.close();
    }
  });
});
