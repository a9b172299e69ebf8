import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../resources/applications.js';
import type { Blank } from '../../resources/fields.js';
import { formColumns } from '../applicationCore/applicationForm.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { anonymiseApplications } from './anonymise.js';
import { applicationColumnFields, exportedApplicationColumns, keptApplicationColumns, personalApplicationColumns } from './personalData.js';

// The application's declaration (resources/applications.ts) says of each of its table's columns whether it is
// personal, and the data protection code follows it: a column added without saying fails here, by name, and
// anonymising (the real code, on the real table) leaves every personal column blank.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const personal = Object.keys(personalApplicationColumns);

/** The applications table's columns as the migrations made them, with their types. */
async function tableColumns() {
  const { rows } = await sql<{ column: string; type: string }>`
    SELECT column_name AS column, data_type AS type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'applications' ORDER BY ordinal_position
  `.execute(t.db);
  return rows;
}

/** An application's row with each column as JSON (an array as a list, jsonb as an object). */
async function rowOf(id: number): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(a) AS row FROM applications a WHERE id = ${id}`.execute(
    t.db,
  );
  return rows[0].row;
}

/** Whether a column read as JSON holds its blank ('{}' is an empty object there). */
const isBlank = (value: unknown, blank: Blank) => JSON.stringify(value) === JSON.stringify(blank === '{}' ? {} : blank);

describe('the personal data of an application', () => {
  it('says of every field of the declaration whether it is personal', () => {
    const unmarked = applications.fields.filter((field) => field.personal === undefined).map((field) => field.name);
    expect(unmarked, 'fields of resources/applications.ts with neither `personal: true` nor `personal: false`').toEqual([]);
    // Anonymising blanks the application's own columns; a link table's rows (category_ids) are kept whole.
    const linked = applications.fields.filter((field) => field.kind === 'references' && field.personal).map((field) => field.name);
    expect(linked, 'personal fields kept in a link table, which anonymising does not reach').toEqual([]);
  });

  it('declares every column of the table personal or kept, once, and no column the table lacks', async () => {
    const columns = (await tableColumns()).map((c) => c.column);
    const declared = [...personal, ...keptApplicationColumns];
    const undeclared = columns.filter((column) => !declared.includes(column));
    expect(
      undeclared,
      'columns of applications neither marked `personal` nor declared kept in resources/applications.ts (a field, or applicationColumnsBeside)',
    ).toEqual([]);
    expect(
      declared.filter((column) => !columns.includes(column)),
      'declared columns the table does not have',
    ).toEqual([]);
    expect(
      declared.filter((column, index) => declared.indexOf(column) !== index),
      'columns declared twice',
    ).toEqual([]);
  });

  it('includes in the applicant’s download every answer of the form, each personal field among them', () => {
    expect(exportedApplicationColumns).toEqual([...formColumns]);
    const notExported = applicationColumnFields
      .filter((f) => f.personal && !exportedApplicationColumns.includes(f.name))
      .map((f) => f.name);
    expect(notExported, 'personal fields the applicant’s download leaves out').toEqual([]);
  });

  it('leaves every personal column blank once anonymised, and every kept one as it was', async () => {
    const period = await createPeriod(t.db, 'Personuppgifter');
    const applicantId = await createApplicant(t.db, 'gunvor.qvarnlof@personal.test', 'Gunvor', 'Qvarnlöf');
    const { id } = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId });
    const organisation = await t.db
      .insertInto('organisations')
      .values({ name: 'Föreningen Qvarnlöf', org_number: '802415-3978', type: 20 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A value in every personal column, by its type: a new one is filled in without a change here.
    const keys: Record<string, number> = { frontend_user_id: applicantId, sent_in_by: applicantId, organisation_id: organisation.id };
    const valueOf: Record<string, unknown> = {
      text: 'Qvarnlöf',
      ARRAY: ['https://qvarnlof.example'],
      jsonb: { 1: 'Qvarnlöf' },
      boolean: true,
    };
    for (const { column, type } of await tableColumns()) {
      const value = keys[column] ?? valueOf[type];
      if (personal.includes(column) && value !== undefined)
        await sql`UPDATE applications SET ${sql.ref(column)} = ${value} WHERE id = ${id}`.execute(t.db);
    }
    const before = await rowOf(id);
    const unfilled = personal.filter((column) => isBlank(before[column], personalApplicationColumns[column]));
    expect(unfilled, 'personal columns this test could not fill in: give it a value for their type').toEqual([]);

    await t.db.transaction().execute((trx) => anonymiseApplications(trx, [id], new Date()));

    const after = await rowOf(id);
    const left = personal.filter((column) => !isBlank(after[column], personalApplicationColumns[column]));
    expect(left, 'personal columns anonymising left as they were').toEqual([]);
    const changed = keptApplicationColumns.filter(
      (column) => !['updated_at', 'anonymised_at'].includes(column) && JSON.stringify(after[column]) !== JSON.stringify(before[column]),
    );
    expect(changed, 'kept columns anonymising changed').toEqual([]);
  });
});
