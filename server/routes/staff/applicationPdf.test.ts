import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import type { Locale } from '../../../resources/locales.js';
import { translator } from '../../i18n.js';
import { applicationWithReviews, pdfText } from '../../test/meetingFixtures.js';
import { createPeriod } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The whole application as one PDF: every answer and every file the applicant gave, in the order of the form, in the
// reader's language; for those who may read the application, and no one else.

let t: TestApp;
const cookie = { admin: '', investigator: '', aside: '', nobody: '', otherPeriod: '' };
let application: { id: number; uuid: string; reference: string };
let period: { id: number; uuid: string };

const QUESTIONS = [
  { label: 'Projektets namn', type: enums.field_type.text, options: [] },
  { label: 'Beskriv projektets mål', type: enums.field_type.textarea, options: [] },
  { label: 'Antal deltagare', type: enums.field_type.number, options: [] },
  { label: 'Vilka når ni', type: enums.field_type.checkbox, options: ['Barn', 'Unga', 'Äldre'] },
  { label: 'Budget som fil', type: enums.field_type.media, options: [] },
];
const FILES = { budget: 'projektbudget-7731.pdf', attachment: 'verksamhetsplan-7731.pdf' };
const form = {
  applicant_type: enums.applicant_type.both,
  money: 25_000_00,
  global_goals: [enums.global_goal.quality_education, enums.global_goal.climate_action],
  org_number: '802415-3978',
  org_name: 'Föreningen Bygdekraft',
  organisation_type: enums.organisation_type.association,
  org_address: 'Storgatan 7731',
  org_co: 'Kassör Berit Berg',
  org_zip: '961 31',
  org_city: 'Boden',
  org_website: 'https://bygdekraft.example.se',
  contact_first_name: 'Ylva',
  contact_last_name: 'Ystadsdotter',
  contact_email: 'ylva@bygdekraft.example.se',
  contact_email_confirmation: 'ylva@bygdekraft.example.se',
  contact_phone: '070-123 45 67',
  contact_address: 'Bergsvägen 3 lgh 1101',
  contact_zip: '972 31',
  contact_city: 'Luleå',
  links: ['https://film.example.se/7731', 'https://artikel.example.se/7731'],
  consent: true,
};

const get = (url: string, as?: string, locale: Locale = 'sv-SE') =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: as, headers: { 'accept-language': locale } });

/** A staff user whose role grants nothing, with the grants given (by period). */
async function staffWith(email: string, grants: { ability: string; entity_id: number }[]) {
  const id = await createStaff(t.db, 'admin', email);
  await t.db.updateTable('users').set({ role: 'pdf-gäst' }).where('id', '=', id).execute();
  for (const grant of grants)
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, entity_type: 'periods', ...grant })
      .execute();
  return sessionCookie(t.app, email);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insertInto('roles').values({ name: 'pdf-gäst' }).execute();
  await createStaff(t.db, 'admin', 'admin@application-pdf.test');
  cookie.admin = await sessionCookie(t.app, 'admin@application-pdf.test');
  await createStaff(t.db, 'utredare', 'investigator@application-pdf.test');
  cookie.investigator = await sessionCookie(t.app, 'investigator@application-pdf.test');
  const asideId = await createStaff(t.db, 'utredare', 'aside@application-pdf.test');
  cookie.aside = await sessionCookie(t.app, 'aside@application-pdf.test');

  period = await createPeriod(t.db, 'Utskriftsperioden 2026');
  const other = await createPeriod(t.db, `Annan period ${randomUUID().slice(0, 8)}`);
  cookie.nobody = await staffWith('nobody@application-pdf.test', []);
  cookie.otherPeriod = await staffWith('other@application-pdf.test', [{ ability: 'investigate-applications', entity_id: other.id }]);

  const type = await t.db.insertInto('application_types').values({ label: 'Bygdeprojekt' }).returning('id').executeTakeFirstOrThrow();
  const questions = [];
  for (const [order, q] of QUESTIONS.entries())
    questions.push(
      await t.db
        .insertInto('application_type_field_definitions')
        .values({ application_type_id: type.id, label: q.label, type: q.type, options: JSON.stringify(q.options), order })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const [name, goal, count, reach, budget] = questions.map((q) => String(q.id));
  application = await applicationWithReviews(t.db, {
    periodId: period.id,
    firstName: 'Sara',
    lastName: 'Sökande',
    money: form.money,
    typeId: type.id,
    answers: { [name]: 'Bygdens röster', [goal]: 'Vi samlar berättelser.\nOch spelar in dem.', [count]: 120, [reach]: ['Barn', 'Äldre'] },
    reviews: [{ userId: asideId, conflict: true }],
    status: enums.application_status.received,
  });
  const { money: _money, ...columns } = form;
  await t.db.updateTable('applications').set(columns).where('id', '=', application.id).execute();
  const categories = await t.db
    .insertInto('categories')
    .values([
      { label: 'Barn och unga 7731', type: enums.category_type.target_group },
      { label: 'Kultur 7731', type: enums.category_type.focus_area },
    ])
    .returning('id')
    .execute();
  await t.db
    .insertInto('application_categories')
    .values(categories.map((c) => ({ application_id: application.id, category_id: c.id })))
    .execute();

  for (const [filename, question] of [
    [FILES.budget, budget],
    [FILES.attachment, null],
  ] as const) {
    const uploaded = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/files`,
      cookie: cookie.admin,
      ...multipart([...(question ? [{ name: 'field_definition_id', value: question }] : []), { name: 'file', filename, content: pdf() }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
}, 60_000);
afterAll(() => t.close());

/** What the PDF must say, in the order it must say it, in `locale`. */
function expected(locale: Locale): string[] {
  const tr = translator(locale);
  const step = (key: string) => tr(`portal.apply.steps.${key}`);
  return [
    tr('app.applications.pdf.title', { reference: application.reference }),
    application.reference,
    'Sara Sökande',
    'Utskriftsperioden 2026',
    tr('enums.application_status.received'),
    step('period'),
    'Utskriftsperioden 2026',
    'Bygdeprojekt',
    tr('enums.applicant_type.both'),
    formatMoney(form.money, locale).replace(/\s/g, ' '),
    step('questions'),
    'Projektets namn',
    'Bygdens röster',
    'Beskriv projektets mål',
    'Vi samlar berättelser.',
    'Och spelar in dem.',
    'Antal deltagare',
    '120',
    'Vilka når ni',
    'Barn, Äldre',
    'Budget som fil',
    FILES.budget,
    `${tr('enums.category_type.target_group')}: Barn och unga 7731`,
    `${tr('enums.category_type.focus_area')}: Kultur 7731`,
    `${tr('enums.global_goal.quality_education')}, ${tr('enums.global_goal.climate_action')}`,
    step('organisation'),
    form.org_number,
    form.org_name,
    tr('enums.organisation_type.association'),
    form.org_address,
    form.org_co,
    form.org_zip,
    form.org_city,
    form.org_website,
    step('contact'),
    form.contact_first_name,
    form.contact_last_name,
    form.contact_email,
    form.contact_phone,
    form.contact_address,
    form.contact_zip,
    form.contact_city,
    step('attachments'),
    ...form.links,
    tr('portal.apply.attachments'),
    FILES.attachment,
    tr('portal.summary.consent'),
    tr('portal.summary.yes'),
    tr('app.applications.pdf.files'),
    FILES.budget,
    FILES.attachment,
  ];
}

/** The texts that `text` does not hold in this order: each looked for after the one before. */
function missingInOrder(text: string, texts: string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const wanted of texts) {
    const found = text.indexOf(wanted, at);
    if (found < 0) missing.push(`${wanted} (after position ${at})`);
    else at = found + wanted.length;
  }
  return missing;
}

describe('GET /applications/:uuid/pdf', () => {
  it.each(['sv-SE', 'en-US'] as const)('holds every answer and every file in the order of the form, in %s', async (locale) => {
    const response = await get(`/applications/${application.uuid}/pdf`, cookie.admin, locale);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const filename = locale === 'sv-SE' ? `ansokan-${application.reference}.pdf` : `application-${application.reference}.pdf`;
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${filename}"`);
    const text = pdfText(response.rawPayload);
    expect(missingInOrder(text, expected(locale))).toEqual([]);
    // The repetition of the e-mail address is no answer of its own: the address once in the answers.
    expect(text.split(form.contact_email).length - 1).toBe(1);
  });

  it('is in Swedish and English as their readers ask', async () => {
    const swedish = pdfText((await get(`/applications/${application.uuid}/pdf`, cookie.admin)).rawPayload);
    expect(swedish).toContain('Ansökan och belopp');
    expect(swedish).toContain('Länkar, filer och samtycke');
    expect(swedish).toContain('Organisationsform');
    expect(swedish).toContain('Förening');
    const english = pdfText((await get(`/applications/${application.uuid}/pdf`, cookie.admin, 'en-US')).rawPayload);
    expect(english).toContain('Application and amount');
    expect(english).toContain('Links, files and consent');
    expect(english).toContain('Association');
    expect(english).not.toContain('Ansökan och belopp');
  });

  it('is for those who manage or investigate, and is recorded as a view', async () => {
    const viewed = () =>
      t.db
        .selectFrom('application_history as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select('u.email')
        .where('h.application_id', '=', application.id)
        .where('h.action', '=', 'viewed')
        .execute();
    const before = (await viewed()).filter((v) => v.email === 'investigator@application-pdf.test').length;
    const response = await get(`/applications/${application.uuid}/pdf`, cookie.investigator);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain(FILES.attachment);
    expect((await viewed()).filter((v) => v.email === 'investigator@application-pdf.test').length).toBe(before + 1);
  });

  it('answers whoever may not read the application as GET /applications/:uuid does', async () => {
    const cases: [string, string | undefined, string, number][] = [
      ['anonymous', undefined, application.uuid, 401],
      ['a reviewer who stood aside', cookie.aside, application.uuid, 403],
      ['a staff user without abilities', cookie.nobody, application.uuid, 403],
      ['one who investigates another period', cookie.otherPeriod, application.uuid, 403],
      ['an unknown application', cookie.admin, randomUUID(), 404],
      ['a malformed uuid', cookie.admin, 'nonsense', 404],
    ];
    for (const [who, as, uuid, status] of cases) {
      const read = await get(`/applications/${uuid}`, as);
      const printed = await get(`/applications/${uuid}/pdf`, as);
      expect(read.statusCode, who).toBe(status);
      expect(printed.statusCode, who).toBe(status);
      expect(printed.json(), who).toEqual(read.json());
      expect(printed.body, who).not.toContain(form.org_name);
    }
  });

  it('declares its access as GET /applications/:uuid does', () => {
    const access = (url: string) => t.app.routeAccess.find((r) => r.method === 'GET' && r.url === url)?.access;
    expect(access('/api/v1/applications/:uuid/pdf')).toEqual(access('/api/v1/applications/:uuid'));
    expect(access('/api/v1/applications/:uuid/pdf')).toMatchObject({
      abilities: { anyOf: ['manage-applications', 'investigate-applications'] },
    });
  });
});
