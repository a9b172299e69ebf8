import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { resourceByName, type ResourceName } from '../../resources/index.js';
import { deletionLog, deletionLogGrammar } from '../applications/deletion.js';
import { everyPeriod, listApplications, listSpecs } from '../applications/lists.js';
import type { Db } from '../db/connect.js';
import { resourceListGrammar } from '../settingsEngine/listGrammar.js';
import { listRecords } from '../settingsEngine/repository.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { plansOf } from '../test/plans.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { parseListQuery } from './listQuery.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'search-admin@test.se');
  admin = await sessionCookie(t.app, 'search-admin@test.se');
});
afterAll(() => t.close());

/** What each of a list's searches finds, by the field given. */
async function found(path: string, field: string) {
  const response = await call(t.app, { method: 'GET', url: `/api/v1${path}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.data as Record<string, unknown>[]).map((row) => row[field]).sort();
}

/** The same search written as typed, in lower case and in capitals: each must find `expected`. */
async function foundInEveryCase(path: (term: string) => string, term: string, field: string, expected: unknown[]) {
  for (const written of [term, term.toLocaleLowerCase('sv'), term.toLocaleUpperCase('sv')]) {
    expect(await found(path(encodeURIComponent(written)), field), written).toEqual([...expected].sort());
  }
}

// The embedded database's collation is C, whose lower() and ILIKE fold ASCII alone.
describe('a search folds Å, Ä, Ö and the other letters beyond ASCII', () => {
  it('on the applications list: the applicant, the organisation and the e-mail', async () => {
    const period = await createPeriod(t.db, 'Sökperiod');
    const oberg = await createApplicant(t.db, 'ärla.öberg@test.se', 'Ärla', 'Öbergsström');
    const byName = await createApplication(t.db, { periodId: period.id, frontendUserId: oberg });
    const other = await createApplicant(t.db, 'nils@test.se', 'Nils', 'Nilsson');
    const byOrganisation = await createApplication(t.db, { periodId: period.id, frontendUserId: other });
    await t.db.updateTable('applications').set({ org_name: 'Ängsöbergs Ridklubb' }).where('id', '=', byOrganisation.id).execute();
    // Found by its applicant and its organisation both, and listed once.
    await t.db.updateTable('applications').set({ org_name: 'Öbergs Vänner' }).where('id', '=', byName.id).execute();

    const list = (term: string) => `/applications/all?search=${term}`;
    await foundInEveryCase(list, 'Öbergs', 'reference', [byName.reference, byOrganisation.reference]);
    await foundInEveryCase(list, 'Ärla Öbe', 'reference', [byName.reference]);
    await foundInEveryCase(list, 'ängsö', 'reference', [byOrganisation.reference]);
    await foundInEveryCase(list, 'ÄRLA.', 'reference', [byName.reference]);
    // The export reads the same conditions.
    const csv = await call(t.app, {
      method: 'GET',
      url: `/api/v1/applications/all/export?search=${encodeURIComponent('ängsö')}`,
      cookie: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(byOrganisation.reference);
    expect(csv.body).not.toContain(byName.reference);
  });

  it("on the decided list's organisation filter", async () => {
    const period = await createPeriod(t.db, 'Beslutsperiod');
    const applicant = await createApplicant(t.db, 'beslut@test.se');
    const approved = await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: applicant,
      status: enums.application_status.approved,
    });
    await t.db.updateTable('applications').set({ org_name: 'Östra Åsbo Byalag' }).where('id', '=', approved.id).execute();

    await foundInEveryCase((term) => `/applications/decided?organisation=${term}`, 'Östra Å', 'reference', [approved.reference]);
  });

  it('on the organisations, applicants, contacts and categories', async () => {
    await t.db
      .insertInto('organisations')
      .values({ name: 'Ölandsbrons Vänner', org_number: '802400-0001', type: enums.organisation_type.association })
      .execute();
    await createApplicant(t.db, 'asa@test.se', 'Åsa', 'Ödegårdh');
    await t.db.insertInto('contacts').values({ first_name: 'Örjan', last_name: 'Älvström' }).execute();
    await t.db.insertInto('categories').values({ label: 'Återbruk och Ägande', type: enums.category_type.purpose }).execute();

    await foundInEveryCase((term) => `/organisations?search=${term}`, 'Ölandsb', 'name', ['Ölandsbrons Vänner']);
    await foundInEveryCase((term) => `/organisations?search=${term}`, 'ns vän', 'name', ['Ölandsbrons Vänner']);
    await foundInEveryCase((term) => `/frontend-users?search=${term}`, 'Ödegå', 'email', ['asa@test.se']);
    await foundInEveryCase((term) => `/frontend-users?search=${term}`, 'Åsa', 'email', ['asa@test.se']);
    await foundInEveryCase((term) => `/contacts?search=${term}`, 'Älvst', 'last_name', ['Älvström']);
    await foundInEveryCase((term) => `/contacts?search=${term}`, 'Örja', 'last_name', ['Älvström']);
    await foundInEveryCase((term) => `/categories?search=${term}`, 'ch Äga', 'label', ['Återbruk och Ägande']);
  });
});

/**
 * The plans of the statements `run` makes that search (search_fold): one that reads a table whole means the search's
 * expression no longer matches its index.
 */
const searchPlans = (run: (db: Db) => Promise<unknown>, planned = (text: string) => text.includes('search_fold')) =>
  plansOf(t.db, run, planned);

describe('the searches', () => {
  beforeAll(async () => {
    // Enough rows that the planner weighs its indexes as it does on a full database.
    await sql`
      INSERT INTO frontend_users (email, first_name, last_name) SELECT 'plan' || i || '@test.se', 'Förnamn' || i, 'Efternamn' || i
      FROM generate_series(1, 20000) i
    `.execute(t.db);
    const { id: period } = await createPeriod(t.db, 'Planperiod');
    await sql`
      INSERT INTO applications (reference, status, frontend_user_id, period_id, money, org_name, sent_in_at)
      SELECT 'P-' || i, ${enums.application_status.approved}, (SELECT min(id) FROM frontend_users) + i % 5000, ${period}, 1000,
             'Förening ' || i, now()
      FROM generate_series(1, 10000) i
    `.execute(t.db);
    await sql`
      INSERT INTO organisations (name, org_number, type) SELECT 'Organisation ' || i, 'P' || i, 10 FROM generate_series(1, 5000) i
    `.execute(t.db);
    await sql`INSERT INTO contacts (first_name, last_name) SELECT 'Kontakt' || i, 'Person' || i FROM generate_series(1, 5000) i`.execute(
      t.db,
    );
    await sql`INSERT INTO categories (label, type) SELECT 'Kategori ' || i, 10 FROM generate_series(1, 5000) i`.execute(t.db);
    // The log of deleted applications over twenty periods.
    await sql`
      INSERT INTO application_deletions (reference, application_uuid, period_id, period_name, status, files, messages, followup,
                                         user_id, deleted_at)
      SELECT '2025-' || lpad(i::text, 5, '0'), gen_random_uuid(), 1000 + i % 20, 'Period', 20, 0, 0, false,
             (SELECT min(id) FROM users), now() - i * interval '1 minute'
      FROM generate_series(1, 20000) i
    `.execute(t.db);
    // As autovacuum leaves them: the trigram indexes' pending entries merged, which the planner counts against them.
    await sql`VACUUM ANALYZE frontend_users, applications, organisations, contacts, categories, application_deletions`.execute(t.db);
  });

  it('of the applications lists still read their trigram indexes', async () => {
    const search = await searchPlans((db) =>
      listApplications(db, 'all', parseListQuery(listSpecs.all, { search: 'Öbergsby' }), everyPeriod),
    );
    expect(search).toHaveLength(1);
    // The tallies' few rows are read whole for the bound of what is collected; no table of applications or applicants,
    // but for the walk past the cap, which tests the names the row keeps: at this table's 10 000 rows reading them is
    // cheaper than walking an index, as it is not at a million (bench/scale.ts).
    const scans = search[0]
      .split('\n')
      .flatMap((line, i, lines) => (/Seq Scan on (applications|frontend_users)\b/.test(line) ? [lines[i + 1]] : []));
    for (const filter of scans) expect(filter).toMatch(/^\s+Filter: .*searched_people/);
    for (const index of [
      'applications_reference_trgm',
      'applications_org_name_trgm',
      'frontend_users_name_trgm',
      'frontend_users_email_trgm',
    ]) {
      expect(search[0]).toContain(`Bitmap Index Scan on ${index}`);
    }
    const filter = await searchPlans((db) =>
      listApplications(db, 'decided', parseListQuery(listSpecs.decided, { organisation: 'Öbergsby' }), everyPeriod),
    );
    expect(filter).toHaveLength(1);
    expect(filter[0]).toContain('Bitmap Index Scan on applications_org_name_trgm');
  });

  it('of the settings lists still read their trigram indexes', async () => {
    const indexes: Partial<Record<ResourceName, string[]>> = {
      organisations: ['organisations_name_trgm'],
      'frontend-users': ['frontend_users_email_trgm', 'frontend_users_names_trgm'],
      contacts: ['contacts_names_trgm'],
      categories: ['categories_label_trgm'],
    };
    for (const [name, names] of Object.entries(indexes)) {
      const resource = resourceByName(name)!;
      const plans = await searchPlans((db) =>
        listRecords(db, resource, parseListQuery(resourceListGrammar(resource), { search: 'Öbergsby' }), null),
      );
      expect(plans.length, name).toBeGreaterThan(0);
      for (const plan of plans) {
        expect(plan, name).not.toContain('Seq Scan');
        for (const index of names) expect(plan, name).toContain(`Bitmap Index Scan on ${index}`);
      }
    }
  });

  it('of the log of deleted applications read its trigram index; its sorts and one period walk their indexes', async () => {
    const log = (query: Record<string, string>) => (db: Db) => deletionLog(db, parseListQuery(deletionLogGrammar, query), null);
    const search = await searchPlans(log({ search: 'Öbergsby' }));
    // The page and its count.
    expect(search).toHaveLength(2);
    for (const plan of search) {
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toContain('Bitmap Index Scan on application_deletions_reference_trgm');
    }
    const pages = (query: Record<string, string>) => searchPlans(log(query), (text) => text.includes(' limit '));
    for (const [query, index] of [
      [{}, 'application_deletions_deleted_at'],
      [{ sort: 'deleted_at', direction: 'asc', page: '3' }, 'application_deletions_deleted_at'],
      [{ sort: 'reference' }, 'application_deletions_reference'],
      [{ sort: 'reference', direction: 'desc', page: '2' }, 'application_deletions_reference'],
      [{ period: '1007' }, 'application_deletions_period'],
      [{ period: '1007', sort: 'reference', direction: 'desc' }, 'application_deletions_period_reference'],
    ] as const) {
      const [plan] = await pages(query);
      expect(plan, JSON.stringify(query)).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on`));
      expect(plan, JSON.stringify(query)).not.toContain('Sort');
    }
  });
});
