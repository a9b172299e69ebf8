import { sql } from 'kysely';
import type { Db } from '../server/db/connect.js';

const firstNames = [
  'Anna',
  'Eva',
  'Maria',
  'Karin',
  'Sara',
  'Lena',
  'Kerstin',
  'Ingrid',
  'Åsa',
  'Märta',
  'Örjan',
  'Ängla',
  'Elin',
  'Erik',
  'Lars',
  'Karl',
  'Anders',
  'Johan',
  'Per',
  'Nils',
  'Mikael',
  'Jan',
  'Hans',
  'Åke',
  'Göran',
  'Björn',
  'Linnéa',
  'Ahmed',
  'Fatima',
  'Mohammed',
  'Oliver',
  'Lina',
  'Maja',
  'Hugo',
  'Alva',
  'Vera',
  'Ebba',
  'Ture',
  'Sigrid',
  'Stig',
];
export const surnames = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Lindberg',
  'Lindqvist',
  'Lundgren',
  'Bergström',
  'Lindström',
  'Åberg',
  'Åkesson',
  'Ågren',
  'Ängström',
  'Öberg',
  'Östberg',
  'Östlund',
  'Ölund',
  'Sjöberg',
  'Holm',
  'Ek',
  'Björk',
  'Falk',
  'Nyström',
  'Hedlund',
  'Sandberg',
  'Forsberg',
  'Engström',
  'Dahl',
  'Wallin',
  'de Wit',
  'Zetterlund',
];
/** Kinds of association, for organisation names. */
export const associations = [
  'Idrottsföreningen',
  'Hembygdsföreningen',
  'Konstföreningen',
  'Scoutkåren',
  'Bygdegårdsföreningen',
  'Körsällskapet',
  'Fiskevårdsföreningen',
  'Byalaget',
  'Pensionärsföreningen',
  'Ridklubben',
  'Skidklubben',
  'Teaterföreningen',
  'Föräldraföreningen',
  'Naturskyddsföreningen',
  'Musikföreningen',
  'Orienteringsklubben',
];
// The first twelve, as the figures measured so far were seeded with.
const organisations = associations.slice(0, 12);
const places = [
  'Ystad',
  'Skurup',
  'Sjöbo',
  'Tomelilla',
  'Simrishamn',
  'Trelleborg',
  'Svedala',
  'Lund',
  'Malmö',
  'Höör',
  'Hörby',
  'Eslöv',
  'Åhus',
  'Öved',
];

/** A random word of the list, in SQL (random(), so setseed makes it repeatable). */
export const pick = (list: string[]) => sql`(${list}::text[])[1 + floor(random() * ${list.length})::int]`;

/** Applications inserted per statement: each statement's tallies are summed in memory (migration 0014). */
const BATCH = 100_000;

/**
 * Applications from applicants in periods, statuses spread as in a working year (a tenth drafts, which the lists never
 * show), with `categories` categories chosen by each (none unless asked). The same rows every run: setseed holds for
 * one connection, so everything runs in one transaction.
 */
export async function seedApplications(db: Db, counts: { applications: number; applicants: number; periods: number; categories?: number }) {
  const { applications: APPLICATIONS, applicants: APPLICANTS, periods: PERIODS, categories: CATEGORIES = 0 } = counts;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT setseed(0.42)`.execute(trx);
    await sql`INSERT INTO application_types (label) VALUES ('Föreningsliv'), ('Stipendium')`.execute(trx);
    await sql`
      INSERT INTO periods (name, start_date, end_date, closed)
      SELECT 'Period ' || (2014 + i / 2) || CASE WHEN i % 2 = 0 THEN ' vår' ELSE ' höst' END,
             make_date(2014 + i / 2, CASE WHEN i % 2 = 0 THEN 1 ELSE 7 END, 1),
             make_date(2014 + i / 2, CASE WHEN i % 2 = 0 THEN 5 ELSE 11 END, 30), i < ${PERIODS - 1}
      FROM generate_series(0, ${PERIODS - 1}) i
    `.execute(trx);
    await sql`
      INSERT INTO frontend_users (email, first_name, last_name, verified_at)
      SELECT 'sokande' || i || '@exempel.se', ${pick(firstNames)}, ${pick(surnames)}, now()
      FROM generate_series(1, ${APPLICANTS}) i
    `.execute(trx);
    // Associations of three people each, the first their signatory: an application is its applicant's association's,
    // so a search by a name finds what the person's fellow members wrote too.
    await sql`
      INSERT INTO organisations (name, org_number, type)
      SELECT 'Förening ' || i, substr(lpad(i::text, 10, '0'), 1, 6) || '-' || substr(lpad(i::text, 10, '0'), 7, 4), 20
      FROM generate_series(1, ${Math.ceil(APPLICANTS / 3)}) i
    `.execute(trx);
    await sql`
      INSERT INTO organisation_members (organisation_id, frontend_user_id, role)
      SELECT o.first + (f.id - u.first) / 3, f.id, CASE WHEN (f.id - u.first) % 3 = 0 THEN 'signatory' ELSE 'member' END
      FROM frontend_users f, (SELECT min(id) AS first FROM frontend_users) u, (SELECT min(id) AS first FROM organisations) o
    `.execute(trx);
    if (CATEGORIES) {
      await sql`
        INSERT INTO categories (label, type)
        SELECT 'Kategori ' || t || '-' || i, t FROM unnest(ARRAY[10, 20, 30, 40]) t, generate_series(1, 12) i
      `.execute(trx);
    }
    for (let first = 1; first <= APPLICATIONS; first += BATCH) {
      const last = Math.min(APPLICATIONS, first + BATCH - 1);
      const before = await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id FROM applications`.execute(trx);
      // Statuses: 10 % drafts, 20 % received, 20 % ongoing, 30 % approved, 20 % rejected. References are unique per
      // application (its number, zero-padded, after the period's year); drafts have none.
      await sql`
        INSERT INTO applications (reference, status, frontend_user_id, period_id, application_type_id, applicant_type, money,
                                  approved_money, org_name, org_city, sent_in_at, followup_at, followup_sent_in_at, finished,
                                  unread_messages, organisation_id)
        SELECT CASE WHEN a.status = 10 THEN NULL ELSE (2014 + (a.period - 1) / 2) || '-' || lpad(a.i::text, 7, '0') END,
               a.status, a.applicant, a.period, 1 + (a.i % 2), 20,
               (500000 + floor(random() * 49500000))::bigint,
               CASE WHEN a.status = 40 THEN (500000 + floor(random() * 20000000))::bigint END,
               CASE WHEN random() < 0.6 THEN ${pick(organisations)} || ' ' || ${pick(places)} END, ${pick(places)},
               CASE WHEN a.status = 10 THEN NULL ELSE make_date(2014 + (a.period - 1) / 2, 3, 1) + (random() * 200)::int * interval '1 day' END,
               CASE WHEN a.status = 40 AND random() < 0.3 THEN make_date(2014 + (a.period - 1) / 2, 12, 1) + (random() * 300)::int END,
               CASE WHEN a.status = 40 AND random() < 0.15 THEN now() END,
               a.status IN (40, -10) AND random() < 0.7,
               a.status <> 10 AND random() < 0.03,
               (SELECT m.organisation_id FROM organisation_members m WHERE m.frontend_user_id = a.applicant)
        FROM (
          SELECT i, 1 + floor(random() * ${APPLICANTS})::int AS applicant, 1 + floor(random() * ${PERIODS})::int AS period,
                 (ARRAY[10, 20, 20, 30, 30, 40, 40, 40, -10, -10])[1 + floor(random() * 10)::int] AS status
          FROM generate_series(${first}::int, ${last}::int) i
          OFFSET 0 -- keeps each row's random values from being flattened into the outer query
        ) a
      `.execute(trx);
      // Every approved application has its grant, with the whole amount as one instalment (as a decision makes it).
      await sql`
        INSERT INTO grants (application_id) SELECT id FROM applications WHERE id > ${before.rows[0].id} AND status = 40 AND approved_money > 0
      `.execute(trx);
      await sql`
        INSERT INTO payout_instalments (application_id, position, amount, due)
        SELECT id, 1, approved_money, 10 FROM applications WHERE id > ${before.rows[0].id} AND status = 40 AND approved_money > 0
      `.execute(trx);
      if (CATEGORIES) {
        // Distinct categories per application: consecutive ids from a random start.
        await sql`
          INSERT INTO application_categories (application_id, category_id)
          SELECT a.id, c.id
          FROM applications a
          CROSS JOIN LATERAL (SELECT floor(random() * 48)::int AS start OFFSET 0) r
          JOIN LATERAL (SELECT id FROM categories ORDER BY id OFFSET r.start LIMIT ${CATEGORIES}) c ON true
          WHERE a.id > ${before.rows[0].id}
        `.execute(trx);
      }
    }
    // Signals (server/signals/) on one application sent in of two hundred, each paired with the next one sent in (both
    // ways, as a send-in raises them), one in five of those checked: the filter of unchecked signals finds about one
    // application in 120. The trigger of migration 0049 keeps each application's count, as the app's writes do.
    await sql`
      INSERT INTO application_signals (application_id, kind, other_application_id, details, checked_at, check_reason)
      SELECT p.one, 'organisation_accounts', p.other, '{}', c.at, c.reason
      FROM (
        SELECT a.id AS one, (SELECT min(b.id) FROM applications b WHERE b.id > a.id AND b.status <> 10) AS other
        FROM applications a WHERE a.status <> 10 AND a.id % 200 = 0
      ) p
      CROSS JOIN LATERAL (SELECT CASE WHEN p.one % 1000 = 0 THEN now() END AS at,
                                 CASE WHEN p.one % 1000 = 0 THEN 'Kontrollerad' END AS reason) c
      WHERE p.other IS NOT NULL
    `.execute(trx);
    await sql`
      INSERT INTO application_signals (application_id, kind, other_application_id, details)
      SELECT other_application_id, kind, application_id, details FROM application_signals ON CONFLICT DO NOTHING
    `.execute(trx);
  });
  // As autovacuum leaves a table in use: the trigram indexes' pending entries merged, statistics and visibility map
  // current. (ANALYZE samples rows at random: plans near a tipping point can differ between runs.)
  await sql`VACUUM ANALYZE`.execute(db);
}
