import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/demo.js';
import { applicantCookie, completeAnswers, createApplicant, validAnswers } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// What staff write that applicants read comes in the applicant's language where staff wrote it in it, else in
// Swedish, and the answer names what is in Swedish (`untranslated`).

let t: TestApp;
let admin: string;
let demoPeriod: { id: number; start_date: string; end_date: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await createStaff(t.db, 'admin', 'sprak-admin@test.se');
  admin = await sessionCookie(t.app, 'sprak-admin@test.se');
  demoPeriod = await t.db
    .selectFrom('periods')
    .select(['id', 'start_date', 'end_date'])
    .where('closed', '=', false)
    .where('name', 'like', 'Ansökningsomgång%')
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

type Locale = 'sv-SE' | 'en-US';
let applicants = 0;
/** A signed-in applicant of the test's own, whose mails are in `locale`. */
async function newApplicant(locale: Locale = 'en-US') {
  applicants += 1;
  const email = `sprak${applicants}@test.se`;
  const id = await createApplicant(t.db, email);
  await t.db.updateTable('frontend_users').set({ locale, phone: '070-123 45 67', verified_at: new Date() }).where('id', '=', id).execute();
  return { email, cookie: await applicantCookie(t.db, id) };
}
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, locale: Locale, cookie?: string, data?: unknown) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    cookie,
    headers: { 'accept-language': locale },
    ...(data === undefined ? {} : { payload: { data } }),
  });
const read = async (url: string, locale: Locale, cookie?: string) => {
  const response = await api('GET', url, locale, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const untranslated = (rows: { untranslated: string[] }[]) => rows.flatMap((row) => row.untranslated);

describe('the portal in the reader’s language', () => {
  it('reads the demo’s periods, types, contacts, categories and FAQ in English, and in Swedish to a Swedish reader', async () => {
    const { cookie } = await newApplicant();
    const open = (await read('/portal/periods', 'en-US', cookie)).find((p: { id: number }) => p.id === demoPeriod.id);
    expect(open.name).toMatch(/^Application period \d{4}$/);
    expect(open.application_types.map((type: { label: string }) => type.label)).toEqual([
      'Grant for community associations',
      'Local development grant',
      'Scholarship for young leaders',
    ]);
    expect(open.contacts.map((c: { title: string }) => c.title)).toEqual(['Foundation secretary', 'Case officer']);
    expect(untranslated([open, ...open.application_types, ...open.contacts])).toEqual([]);
    const swedish = (await read('/portal/periods', 'sv-SE', cookie)).find((p: { id: number }) => p.id === demoPeriod.id);
    expect(swedish.name).toMatch(/^Ansökningsomgång \d{4}$/);
    expect(swedish.application_types.map((type: { label: string }) => type.label)).toEqual([
      'Bidrag till föreningsliv',
      'Lokalt utvecklingsbidrag',
      'Stipendium för unga ledare',
    ]);
    expect(swedish.contacts.map((c: { title: string }) => c.title)).toEqual(['Stiftelsesekreterare', 'Handläggare']);

    const categories = await read('/portal/categories', 'en-US', cookie);
    const demoCategories = categories.filter((c: { label: string }) => c.label !== 'Fjällvandring');
    expect(demoCategories.map((c: { label: string }) => c.label)).toContain('Children and young people');
    expect(untranslated(demoCategories)).toEqual([]);
    // In the order an English reader reads them, within each type.
    const targetGroups = demoCategories.filter((c: { type: number }) => c.type === 10).map((c: { label: string }) => c.label);
    expect(targetGroups).toEqual(['Children and young people', 'Newly arrived', 'Older people', 'People with disabilities']);

    const faqs = await read('/portal/faqs', 'en-US');
    expect(faqs[0]).toMatchObject({ question: 'Who can apply for a grant from the foundation?', untranslated: [] });
    expect(faqs[0].answer).toMatch(/^Non-profit associations/);
    expect((await read('/portal/faqs', 'sv-SE'))[0].question).toBe('Vem kan söka bidrag från stiftelsen?');
  });

  it('shows the Swedish where staff wrote no English, naming it, and nothing so to a Swedish reader', async () => {
    const { cookie } = await newApplicant();
    const category = (await api('POST', '/categories', 'sv-SE', admin, { label: 'Fjällvandring', type: 10 })).json().data;
    const faq = (
      await api('POST', '/faqs', 'sv-SE', admin, { question: 'Finns det fika?', question_en: 'Is there coffee?', answer: 'Ja.' })
    ).json().data;
    try {
      const shown = (await read('/portal/categories', 'en-US', cookie)).find((c: { id: number }) => c.id === category.id);
      expect(shown).toEqual({ id: category.id, label: 'Fjällvandring', type: 10, untranslated: ['label'] });
      const inSwedish = (await read('/portal/categories', 'sv-SE', cookie)).find((c: { id: number }) => c.id === category.id);
      expect(inSwedish.untranslated).toEqual([]);
      const faqs = await read('/portal/faqs', 'en-US');
      expect(faqs.find((f: { id: number }) => f.id === faq.id)).toEqual({
        id: faq.id,
        question: 'Is there coffee?',
        answer: 'Ja.',
        untranslated: ['answer'],
      });
      expect(untranslated(await read('/portal/faqs', 'sv-SE'))).toEqual([]);
    } finally {
      await api('DELETE', `/categories/${category.id}`, 'sv-SE', admin);
      await api('DELETE', `/faqs/${faq.id}`, 'sv-SE', admin);
    }
  });
});

describe('the application form in the reader’s language', () => {
  it('asks the type’s questions in English with the Swedish options as the answers’ values, and mails the confirmation in English', async () => {
    const { email, cookie } = await newApplicant();
    const open = (await read('/portal/periods', 'en-US', cookie)).find((p: { id: number }) => p.id === demoPeriod.id);
    const type = open.application_types.find((ty: { label: string }) => ty.label === 'Grant for community associations');
    const started = await api('POST', '/portal/applications', 'en-US', cookie, { period_id: open.id, application_type_id: type.id });
    const draft = started.json().data;
    expect(draft).toMatchObject({ application_type: 'Grant for community associations', untranslated: [] });
    expect(draft.period).toMatchObject({ name: open.name, untranslated: [] });
    const activity = draft.questions.find((q: { label: string }) => q.label === 'Kind of activity');
    expect(activity).toMatchObject({
      options: ['Idrott', 'Kultur', 'Friluftsliv', 'Social verksamhet', 'Annat'],
      option_labels: ['Sports', 'Culture', 'Outdoor life', 'Social work', 'Other'],
      untranslated: [],
    });

    // The problems name the questions as the applicant reads them.
    const early = await api('POST', `/portal/applications/${draft.uuid}/submit`, 'en-US', cookie);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors[`definitions.${activity.id}`][0]).toContain('Kind of activity');

    const saved = await api('PUT', `/portal/applications/${draft.uuid}`, 'en-US', cookie, {
      ...completeAnswers(email),
      definitions: { ...validAnswers(draft.questions), [activity.id]: 'Friluftsliv' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await api('POST', `/portal/applications/${draft.uuid}/submit`, 'en-US', cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.definitions[activity.id]).toBe('Friluftsliv');
    const mail = await t.db.selectFrom('outbox').select('body_text').where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`for Grant for community associations in ${open.name}.`);

    const own = (await read('/portal/applications', 'en-US', cookie)).find((a: { uuid: string }) => a.uuid === draft.uuid);
    expect(own).toMatchObject({ application_type: 'Grant for community associations', untranslated: [] });
    expect(own.period).toMatchObject({ name: open.name, untranslated: [] });
  });

  it('shows a question, type and period without English in Swedish, naming each, and options only whole', async () => {
    const { cookie } = await newApplicant();
    const typeId = (await api('POST', '/application-types', 'sv-SE', admin, { label: 'Kulturstöd' })).json().data.id;
    const question = {
      application_type_id: typeId,
      label: 'Välj konstform',
      label_en: '',
      type: 30,
      options: ['Musik', 'Teater'],
      options_en: [],
    };
    const questionId = (await api('POST', '/application-type-field-definitions', 'sv-SE', admin, question)).json().data.id;
    const period = (
      await api('POST', '/periods', 'sv-SE', admin, {
        name: 'Extra omgång',
        start_date: demoPeriod.start_date,
        end_date: demoPeriod.end_date,
        application_type_ids: [typeId],
      })
    ).json().data;
    const started = await api('POST', '/portal/applications', 'en-US', cookie, { period_id: period.id, application_type_id: typeId });
    expect(started.statusCode, started.body).toBe(201);
    const draft = started.json().data;
    expect(draft).toMatchObject({ application_type: 'Kulturstöd', untranslated: ['application_type'] });
    expect(draft.period).toMatchObject({ name: 'Extra omgång', untranslated: ['name'] });
    expect(draft.questions).toEqual([
      {
        id: questionId,
        label: 'Välj konstform',
        type: 30,
        required: false,
        options: ['Musik', 'Teater'],
        option_labels: ['Musik', 'Teater'],
        untranslated: ['label', 'options'],
      },
    ]);
    const listed = (await read('/portal/periods', 'en-US', cookie)).find((p: { id: number }) => p.id === period.id);
    expect(listed).toMatchObject({ name: 'Extra omgång', untranslated: ['name'] });
    expect(listed.application_types).toEqual([{ id: typeId, label: 'Kulturstöd', untranslated: ['label'] }]);

    // Translated, the question reads in English; a Swedish reader never hears of a translation.
    const put = await api('PUT', `/application-type-field-definitions/${questionId}`, 'sv-SE', admin, {
      ...question,
      label_en: 'Choose an art form',
      options_en: ['Music', 'Theatre'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const english = (await read(`/portal/applications/${draft.uuid}`, 'en-US', cookie)).questions[0];
    expect(english).toMatchObject({ label: 'Choose an art form', option_labels: ['Music', 'Theatre'], untranslated: [] });
    const swedish = await read(`/portal/applications/${draft.uuid}`, 'sv-SE', cookie);
    expect(swedish.questions[0]).toMatchObject({ label: 'Välj konstform', option_labels: ['Musik', 'Teater'], untranslated: [] });
    expect(swedish).toMatchObject({ application_type: 'Kulturstöd', untranslated: [], period: { untranslated: [] } });
  });
});
