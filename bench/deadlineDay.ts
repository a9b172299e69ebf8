import { sql } from 'kysely';
import { luhn } from '../resources/validators.js';
import { createSession } from '../server/auth/sessions.js';
import type { Db } from '../server/db/connect.js';
import { seedApplications, surnames } from './seedApplications.js';

// What both ways of running a deadline day share (bench/deadline.ts): the open period, the applicants with their
// drafts, the staff's reads, and the check that every write the app acknowledged is in the database.

export const APPLICATIONS = 100_000;

/** An open period today taking one application type, beside the 100,000 applications of earlier periods. */
export async function seedDeadline(db: Db) {
  await seedApplications(db, { applications: APPLICATIONS, applicants: 30_000, periods: 12 });
  const type = await db.insertInto('application_types').values({ label: 'Deadline' }).returning('id').executeTakeFirstOrThrow();
  const period = await db
    .insertInto('periods')
    .values({ name: 'Sista dagen', start_date: sql<string>`current_date - 30`, end_date: sql<string>`current_date + 1` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: type.id }).execute();
}

const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/**
 * An association's organisation number of each applicant's own, Luhn-valid: at a deadline each applies for their own
 * association. (Sent in for one organisation, applications take turns, one at a time to the end of each one's
 * transaction: who becomes its signatory, and its accounts' signal, server/signals/. Every applicant of a step applying
 * for one association measured that queue, not the day.)
 */
let organisations = 0;
/**
 * On a database kept from a run before (BENCH_REUSE), the numbers go on after the highest a run gave, so none is
 * applied for twice (the register's count fell behind it by every draft not sent in).
 */
async function countOrganisations(db: Db) {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(max(substr(translate(org_number, ' -', ''), 5, 5)::int), 0) AS n
    FROM applications WHERE org_number LIKE '8024%'
  `.execute(db);
  organisations = Math.max(organisations, rows[0].n);
}
function organisationNumber(): string {
  const digits = `8024${String(++organisations).padStart(5, '0')}`;
  for (let check = 0; ; check++) if (luhn(`${digits}${check}`)) return `${digits.slice(0, 6)} ${digits.slice(6)}${check}`;
}

/** An applicant of the day: their draft, what they tried to save and what the app acknowledged. */
export interface Applicant {
  uuid: string;
  base: string;
  headers: Record<string, string>;
  acknowledged: number | null;
  attempted: number[];
  sentIn: boolean;
  /** A request of theirs is under way (the open loop sends one at a time per applicant, as a form's autosave does). */
  busy: boolean;
  /** Where in the open loop's step they send in, from 0.8 (the step's last fifth begins) to 1. */
  sendsInAt: number;
}

/** `count` applicants named by `batch`, each signed in with a draft filled in but for the amount; applicant i asks base(i). */
export async function draftsFilledIn(db: Db, batch: string, count: number, base: (i: number) => string): Promise<Applicant[]> {
  const period = await db.selectFrom('periods').select('id').where('name', '=', 'Sista dagen').executeTakeFirstOrThrow();
  const type = await db.selectFrom('application_types').select('id').where('label', '=', 'Deadline').executeTakeFirstOrThrow();
  const applicants: Applicant[] = [];
  await countOrganisations(db);
  for (let i = 0; i < count; i++) {
    const email = `deadline${batch}-${i}@exempel.se`;
    const { id } = await db
      .insertInto('frontend_users')
      .values({ email, first_name: 'Dea', last_name: 'Dline', phone: '070-123 45 67', verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = { ...json, cookie: `applicant_session=${await createSession(db, 'applicant', id, 7200)}` };
    const started = await fetch(`${base(i)}/portal/applications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { period_id: period.id, application_type_id: type.id } }),
    });
    const uuid = ((await started.json()) as { data: { uuid: string } }).data.uuid;
    const filled = await fetch(`${base(i)}/portal/applications/${uuid}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        data: {
          applicant_type: 30,
          org_number: organisationNumber(),
          org_name: 'Deadlineföreningen',
          organisation_type: 20,
          org_zip: '961 31',
          org_city: 'Boden',
          contact_email: email,
          contact_email_confirmation: email,
          contact_zip: '97231',
          contact_city: 'Luleå',
          consent: true,
        },
      }),
    });
    if (!filled.ok) throw new Error(`could not fill a draft: ${filled.status} ${await filled.text()}`);
    applicants.push({
      uuid,
      base: base(i),
      headers,
      acknowledged: null,
      attempted: [],
      sentIn: false,
      busy: false,
      sendsInAt: 0.8 + (0.2 * i) / count,
    });
  }
  return applicants;
}

/** Surnames long enough to search for ('Ek' is too short). */
const names = surnames.filter((s) => s.length > 2);

/** The staff's reads of a deadline day, the i-th of the period `periodId`'s day. */
export function staffRead(i: number, periodId: number): string {
  const reads = [
    () => `/applications/all?page=${1 + (i % 20)}`,
    () => `/applications/all?status[]=20&sort=applicant&page=${1 + (i % 5)}`,
    () => `/applications/all?search=${encodeURIComponent(names[i % 30])}`,
    () => `/applications/decided?page=${1 + (i % 10)}`,
    () => `/statistics?period=${periodId}`,
  ];
  return reads[i % reads.length]();
}

/**
 * The applicant's next step, answering whether the app acknowledged it: a save as they type (the amount grows by a
 * krona each time, `i`), or with `sendIn` their send-in once a save of theirs was acknowledged; sent in, a look at
 * their dashboard.
 */
export async function applicantStep(
  applicant: Applicant,
  i: number,
  sendIn: boolean,
): Promise<{ ok: boolean; status: number; what: string }> {
  if (applicant.sentIn) {
    const response = await fetch(`${applicant.base}/portal/applications`, { headers: applicant.headers });
    await response.arrayBuffer();
    return { ok: response.ok, status: response.status, what: 'dashboard' };
  }
  if (sendIn && applicant.acknowledged !== null) {
    // No body, so no content type.
    const { 'content-type': _json, ...headers } = applicant.headers;
    const response = await fetch(`${applicant.base}/portal/applications/${applicant.uuid}/submit`, { method: 'POST', headers });
    await response.arrayBuffer();
    if (response.ok) applicant.sentIn = true;
    return { ok: response.ok, status: response.status, what: 'send-in' };
  }
  const money = 1_000_000 + i * 100;
  applicant.attempted.push(money);
  const response = await fetch(`${applicant.base}/portal/applications/${applicant.uuid}`, {
    method: 'PUT',
    headers: applicant.headers,
    body: JSON.stringify({ data: { money } }),
  });
  await response.arrayBuffer();
  if (response.ok) applicant.acknowledged = money;
  return { ok: response.ok, status: response.status, what: 'save' };
}

/**
 * Acknowledged writes missing from the database: a draft whose amount is neither the last save the app acknowledged
 * nor one tried after it (whose answer was lost), or a send-in acknowledged and not sent in.
 */
export async function lostWrites(db: Db, applicants: Applicant[]): Promise<number> {
  const rows = await db
    .selectFrom('applications')
    .select(['uuid', 'money', 'status'])
    .where(
      'uuid',
      'in',
      applicants.map((a) => a.uuid),
    )
    .execute();
  const stored = new Map(rows.map((r) => [r.uuid, r]));
  let lost = 0;
  for (const a of applicants) {
    const row = stored.get(a.uuid)!;
    const later = a.acknowledged === null ? a.attempted : a.attempted.slice(a.attempted.indexOf(a.acknowledged));
    if (a.acknowledged !== null && !later.includes(row.money!)) lost += 1;
    if (a.sentIn && row.status !== 20) lost += 1;
  }
  return lost;
}
