import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockholmDay } from '../clock.js';
import { applicantCookie, createApplicant } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// An application type's eligibility check: staff write its questions, an applicant answers them before a draft is
// made; stopped, they are told why and nothing is made (the stop is counted); qualified, the draft keeps the answers.
// The old way of starting a draft refuses a type with a check, so the check cannot be skipped.

let t: TestApp;
let admin: string;
let investigator: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'eligibility-admin@test.se');
  await createStaff(t.db, 'utredare', 'eligibility-investigator@test.se');
  admin = await sessionCookie(t.app, 'eligibility-admin@test.se');
  investigator = await sessionCookie(t.app, 'eligibility-investigator@test.se');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, url: string, cookie?: string, data?: unknown, locale = 'sv-SE') =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    cookie,
    headers: { 'accept-language': locale },
    ...(data === undefined ? {} : { payload: { data } }),
  });

const daysFromToday = (days: number) => stockholmDay(new Date(Date.now() + days * 86_400_000));

/** An open period of its own taking a new type of its own, which has no questions yet. */
async function periodWithType() {
  const period = await t.db
    .insertInto('periods')
    .values({ name: `Omgång ${randomUUID()}`, start_date: daysFromToday(-30), end_date: daysFromToday(30) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await t.db
    .insertInto('application_types')
    .values({ label: `Bygdebidrag ${randomUUID()}`, label_en: 'Local grant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: type.id }).execute();
  return { periodId: period.id, typeId: type.id };
}

/** A signed-in applicant of their own. */
async function applicant() {
  const id = await createApplicant(t.db, `${randomUUID()}@test.se`);
  return { id, cookie: await applicantCookie(t.db, id) };
}

const association = {
  question: 'Är ni en ideell förening med säte i verksamhetsområdet?',
  question_en: 'Are you a non-profit association based in the area?',
  kind: 'yes_no',
  disqualifying: ['no'],
  explanation: 'Bidraget går bara till ideella föreningar i verksamhetsområdet.',
  explanation_en: 'The grant goes only to non-profit associations in the area.',
};
const size = {
  question: 'Hur många medlemmar har föreningen?',
  question_en: 'How many members does the association have?',
  kind: 'choice',
  options: [
    { value: 'few', label: 'Färre än 10', label_en: 'Fewer than 10' },
    { value: 'some', label: '10–100', label_en: '10–100' },
    { value: 'many', label: 'Fler än 100', label_en: 'More than 100' },
  ],
  disqualifying: ['few'],
  explanation: 'Föreningen behöver minst tio medlemmar.',
  explanation_en: 'The association needs at least ten members.',
};

/** A type with the two questions above; answers their ids in order. */
async function typeWithCheck() {
  const { periodId, typeId } = await periodWithType();
  const saved = await api('PUT', `/application-types/${typeId}/eligibility`, admin, { questions: [association, size] });
  expect(saved.statusCode, saved.body).toBe(200);
  const [first, second] = saved.json().data.questions as { id: number }[];
  return { periodId, typeId, first: first.id, second: second.id };
}

const answer = (typeId: number, cookie: string, data: unknown, locale?: string) =>
  api('POST', `/portal/application-types/${typeId}/eligibility`, cookie, data, locale);

const applicationsOf = (applicantId: number) =>
  t.db.selectFrom('applications').select(['id', 'uuid', 'eligibility_answers']).where('frontend_user_id', '=', applicantId).execute();

const stopsOf = (typeId: number) =>
  t.db
    .selectFrom('eligibility_stops')
    .select(['question_id', 'period_id', 'day', 'count'])
    .where('application_type_id', '=', typeId)
    .orderBy('question_id')
    .execute();

describe('the questions as staff edit them', () => {
  it('are saved in order in both languages, changed by id, and a question left out is removed', async () => {
    const { typeId, first, second } = await typeWithCheck();
    const read = (await api('GET', `/application-types/${typeId}/eligibility`, admin)).json().data.questions;
    expect(read).toEqual([
      { id: first, position: 1, ...association, options: [] },
      { id: second, position: 2, ...size },
    ]);
    const reordered = await api('PUT', `/application-types/${typeId}/eligibility`, admin, {
      questions: [
        { ...size, id: second, question: '  Hur många medlemmar?  ', question_en: ' ' },
        { ...association, question: 'En ny fråga?' },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const questions = reordered.json().data.questions;
    expect(
      questions.map((q: { id: number; position: number; question: string; question_en: string | null }) => [
        q.id === second,
        q.position,
        q.question,
        q.question_en,
      ]),
    ).toEqual([
      [true, 1, 'Hur många medlemmar?', null],
      [false, 2, 'En ny fråga?', association.question_en],
    ]);
    expect(questions.some((q: { id: number }) => q.id === first)).toBe(false);
  });

  it('refuses every broken rule with a translated message beside its field, and changes nothing', async () => {
    const { typeId, first } = await typeWithCheck();
    const before = (await api('GET', `/application-types/${typeId}/eligibility`, admin)).json().data;
    const broken = [
      { ...association, id: first, question: ' ', explanation: '' },
      { ...size, options: [size.options[0]], disqualifying: ['few'] },
      { ...size, options: [...size.options, { value: 'few', label: '' }] },
      { ...association, disqualifying: [] },
      { ...association, disqualifying: ['yes', 'no'] },
      { ...association, disqualifying: ['maybe'] },
      { ...association, id: 2_000_000 },
    ];
    const response = await api('PUT', `/application-types/${typeId}/eligibility`, admin, { questions: broken });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'questions.0.question': ['Skriv frågan.'],
      'questions.0.explanation': ['Skriv förklaringen som visas för den som inte får söka.'],
      'questions.1.options': ['En fråga med alternativ behöver minst två alternativ.'],
      'questions.2.options.3.label': ['Skriv alternativet.'],
      'questions.2.options.3.value': ['Två alternativ har samma värde.'],
      'questions.3.disqualifying': ['Välj minst ett svar som gör att man inte får söka.'],
      'questions.4.disqualifying': ['Minst ett svar måste låta den sökande gå vidare.'],
      'questions.5.disqualifying': ['Ett svar som stoppar finns inte bland frågans alternativ.'],
      'questions.6.id': ['Frågan finns inte längre för den här ansökningstypen. Ladda om sidan.'],
    });
    const english = await api('PUT', `/application-types/${typeId}/eligibility`, admin, { questions: [broken[3]] }, 'en-US');
    expect(english.json().errors).toEqual({ 'questions.0.disqualifying': ['Choose at least one answer that stops an applicant.'] });
    const tooLong = await api('PUT', `/application-types/${typeId}/eligibility`, admin, {
      questions: [{ ...association, question: 'x'.repeat(501) }],
    });
    expect(tooLong.json().errors).toEqual({ 'questions.0.question': ['Texten får vara högst 500 tecken.'] });
    expect((await api('GET', `/application-types/${typeId}/eligibility`, admin)).json().data).toEqual(before);
  });

  it('are read and changed only with the ability to manage application types, and an unknown type is a 404', async () => {
    const { typeId } = await typeWithCheck();
    const { cookie } = await applicant();
    for (const [who, status] of [
      [investigator, 403],
      [cookie, 401],
      [undefined, 401],
    ] as const) {
      expect((await api('GET', `/application-types/${typeId}/eligibility`, who)).statusCode).toBe(status);
      expect((await api('PUT', `/application-types/${typeId}/eligibility`, who, { questions: [] })).statusCode).toBe(status);
    }
    expect((await api('GET', `/application-types/${typeId}/eligibility`, admin)).json().data.questions).toHaveLength(2);
    expect((await api('PUT', '/application-types/2000000/eligibility', admin, { questions: [] })).statusCode).toBe(404);
  });
});

describe('the check as the applicant takes it', () => {
  it('shows the questions in the reader’s language, yes and no among the options', async () => {
    const { typeId, first, second } = await typeWithCheck();
    const { cookie } = await applicant();
    const english = (await api('GET', `/portal/application-types/${typeId}/eligibility`, cookie, undefined, 'en-US')).json().data;
    expect(english).toEqual({
      application_type: { id: typeId, label: 'Local grant', untranslated: [] },
      questions: [
        {
          id: first,
          kind: 'yes_no',
          question: association.question_en,
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
          untranslated: [],
        },
        {
          id: second,
          kind: 'choice',
          question: size.question_en,
          options: size.options.map(({ value, label_en }) => ({ value, label: label_en })),
          untranslated: [],
        },
      ],
    });
    const swedish = (await api('GET', `/portal/application-types/${typeId}/eligibility`, cookie)).json().data;
    expect(swedish.questions[0].options.map((o: { label: string }) => o.label)).toEqual(['Ja', 'Nej']);
  });

  it('stops a yes/no answer that disqualifies: tells why in the reader’s language, makes nothing and counts the stop', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const { id, cookie } = await applicant();
    const stopped = await answer(typeId, cookie, { period_id: periodId, answers: { [first]: 'no', [second]: 'many' } }, 'en-US');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toEqual({
      qualified: false,
      question_id: first,
      explanation: association.explanation_en,
      untranslated: [],
    });
    expect(await applicationsOf(id)).toEqual([]);
    expect(await stopsOf(typeId)).toEqual([{ question_id: first, period_id: periodId, day: stockholmDay(new Date()), count: 1 }]);
  });

  it('stops a choice that disqualifies, and the first disqualifying question in order wins', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const { id, cookie } = await applicant();
    const byChoice = await answer(typeId, cookie, { period_id: periodId, answers: { [first]: 'yes', [second]: 'few' } });
    expect(byChoice.json().data).toMatchObject({ qualified: false, question_id: second, explanation: size.explanation });
    const byBoth = await answer(typeId, cookie, { period_id: periodId, answers: { [first]: 'no', [second]: 'few' } });
    expect(byBoth.json().data).toMatchObject({ qualified: false, question_id: first, explanation: association.explanation });
    expect(await applicationsOf(id)).toEqual([]);
    expect((await stopsOf(typeId)).map((s) => [s.question_id, s.count])).toEqual([
      [first, 1],
      [second, 1],
    ]);
  });

  it('refuses an unanswered question, an answer it does not offer or a question it does not ask with 422, changing nothing', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const { id, cookie } = await applicant();
    const cases = [
      [{ [first]: 'no' }, { [`answers.${second}`]: ['Svara på frågan.'] }],
      [{ [first]: 'maybe', [second]: 'many' }, { [`answers.${first}`]: ['Välj ett av alternativen.'] }],
      [{ [first]: 'yes', [second]: 'yes' }, { [`answers.${second}`]: ['Välj ett av alternativen.'] }],
      [
        { [first]: 'yes', [second]: 'many', 2000000: 'yes' },
        { 'answers.2000000': ['Frågan finns inte längre. Ladda om sidan och svara igen.'] },
      ],
    ] as const;
    for (const [answers, errors] of cases) {
      const response = await answer(typeId, cookie, { period_id: periodId, answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(422);
      expect(response.json()).toEqual({ message: 'Svara på varje fråga med ett av alternativen.', errors });
    }
    expect((await answer(typeId, cookie, { period_id: periodId, answers: { [first]: 1 } })).statusCode).toBe(422);
    expect(await applicationsOf(id)).toEqual([]);
    expect(await stopsOf(typeId)).toEqual([]);
  });

  it('starts a draft that keeps the answers as asked, and a second pass continues the same draft', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const { id, cookie } = await applicant();
    const answers = { period_id: periodId, answers: { [first]: 'yes', [second]: 'some' } };
    const started = await answer(typeId, cookie, answers);
    expect(started.statusCode, started.body).toBe(201);
    const { qualified, application } = started.json().data;
    expect(qualified).toBe(true);
    expect(application).toMatchObject({ status: 10, period_id: periodId, application_type_id: typeId, step: 1 });
    const kept = [
      {
        question_id: first,
        question: association.question,
        question_en: association.question_en,
        answer: 'yes',
        answer_label: 'Ja',
        answer_label_en: 'Yes',
      },
      {
        question_id: second,
        question: size.question,
        question_en: size.question_en,
        answer: 'some',
        answer_label: '10–100',
        answer_label_en: '10–100',
      },
    ];
    expect(await applicationsOf(id)).toEqual([{ id: expect.any(Number), uuid: application.uuid, eligibility_answers: kept }]);

    // A later change of the questions rewrites nothing the applicant answered.
    await api('PUT', `/application-types/${typeId}/eligibility`, admin, {
      questions: [{ ...association, id: first, question: 'Ändrad fråga?' }],
    });
    expect((await applicationsOf(id))[0].eligibility_answers).toEqual(kept);

    const again = await answer(typeId, cookie, { period_id: periodId, answers: { [first]: 'yes' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.application.uuid).toBe(application.uuid);
    const rows = await applicationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].eligibility_answers).toEqual([{ ...kept[0], question: 'Ändrad fråga?' }]);
  });

  it('shows staff the answers on the application, and never another applicant', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const owner = await applicant();
    const other = await applicant();
    const { application } = (
      await answer(typeId, owner.cookie, { period_id: periodId, answers: { [first]: 'yes', [second]: 'many' } })
    ).json().data;
    // Staff read an application once it is sent in (a draft is the applicant's own).
    await t.db
      .updateTable('applications')
      .set({ status: 20, reference: `2026-${String(typeId).padStart(4, '0')}`, sent_in_at: new Date() })
      .where('uuid', '=', application.uuid)
      .execute();
    const shown = (await api('GET', `/applications/${application.uuid}`, admin)).json().data;
    expect(shown.eligibility_answers.map((a: { question: string; answer_label: string }) => [a.question, a.answer_label])).toEqual([
      [association.question, 'Ja'],
      [size.question, 'Fler än 100'],
    ]);
    expect((await api('GET', `/portal/applications/${application.uuid}`, other.cookie)).statusCode).toBe(404);
    expect(JSON.stringify((await api('GET', '/portal/applications', other.cookie)).json())).not.toContain(application.uuid);
    // The other's own pass makes a draft of their own.
    const theirs = (await answer(typeId, other.cookie, { period_id: periodId, answers: { [first]: 'yes', [second]: 'many' } })).json().data;
    expect(theirs.application.uuid).not.toBe(application.uuid);
  });

  it('takes answers only for a type of an open period, and a type without questions qualifies at once', async () => {
    const { periodId, typeId } = await periodWithType();
    const other = await typeWithCheck();
    const { cookie } = await applicant();
    expect((await answer(other.typeId, cookie, { period_id: periodId, answers: {} })).statusCode).toBe(422);
    expect((await answer(2_000_000, cookie, { period_id: periodId, answers: {} })).statusCode).toBe(404);
    await t.db.updateTable('periods').set({ closed: true }).where('id', '=', other.periodId).execute();
    const closed = await answer(other.typeId, cookie, {
      period_id: other.periodId,
      answers: { [other.first]: 'no', [other.second]: 'few' },
    });
    expect(closed.statusCode).toBe(409);
    expect(await stopsOf(other.typeId)).toEqual([]);
    const plain = await answer(typeId, cookie, { period_id: periodId, answers: {} });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.application.application_type_id).toBe(typeId);
  });
});

describe('the old start of a draft', () => {
  it('refuses a type with a check, with a translated message, and still starts one without', async () => {
    const { periodId, typeId } = await typeWithCheck();
    const plain = await periodWithType();
    const { id, cookie } = await applicant();
    const refused = await api('POST', '/portal/applications', cookie, { period_id: periodId, application_type_id: typeId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Den här ansökningstypen har frågor om vem som får söka. Svara på dem först, så börjar ansökan.');
    expect(await applicationsOf(id)).toEqual([]);
    const started = await api('POST', '/portal/applications', cookie, { period_id: plain.periodId, application_type_id: plain.typeId });
    expect(started.statusCode, started.body).toBe(201);
  });

  it('nor lets a draft become one of a type with a check it did not pass', async () => {
    const checked = await typeWithCheck();
    const plain = await periodWithType();
    await t.db.insertInto('period_application_types').values({ period_id: plain.periodId, application_type_id: checked.typeId }).execute();
    const { cookie } = await applicant();
    const { uuid } = (
      await api('POST', '/portal/applications', cookie, { period_id: plain.periodId, application_type_id: plain.typeId })
    ).json().data;
    const moved = await api('PUT', `/portal/applications/${uuid}`, cookie, { application_type_id: checked.typeId });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.application_type_id[0]).toMatch(/^Den här ansökningstypen har frågor om vem som får söka/);
    expect((await api('GET', `/portal/applications/${uuid}`, cookie)).json().data.application_type_id).toBe(plain.typeId);
  });
});

describe('the stops in the statistics', () => {
  it('counts how many stopped at which question, per type, of a period or of every period, naming nobody', async () => {
    const { periodId, typeId, first, second } = await typeWithCheck();
    const { cookie } = await applicant();
    for (const answers of [
      { [first]: 'no', [second]: 'many' },
      { [first]: 'no', [second]: 'few' },
      { [first]: 'yes', [second]: 'few' },
    ])
      await answer(typeId, cookie, { period_id: periodId, answers });
    const figures = await api('GET', `/statistics/eligibility?period=${periodId}`, admin, undefined, 'en-US');
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().data).toEqual({
      period: { id: periodId, name: expect.any(String) },
      types: [
        {
          application_type_id: typeId,
          label: 'Local grant',
          stops: 3,
          questions: [
            { question_id: first, question: association.question_en, stops: 2 },
            { question_id: second, question: size.question_en, stops: 1 },
          ],
        },
      ],
    });
    // A question removed keeps its count, under its words.
    await api('PUT', `/application-types/${typeId}/eligibility`, admin, { questions: [{ ...size, id: second }] });
    const after = (await api('GET', '/statistics/eligibility', admin))
      .json()
      .data.types.find((type: { application_type_id: number }) => type.application_type_id === typeId);
    expect(after.questions).toEqual([
      { question_id: second, question: size.question, stops: 1 },
      { question_id: null, question: association.question, stops: 2 },
    ]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'eligibility_stops' AND column_name ~ 'user|applicant|application_id'`.execute(
      t.db,
    );
    expect(rows[0].n).toBe(0);
    expect((await api('GET', '/statistics/eligibility', investigator)).statusCode).toBe(403);
  });
});
