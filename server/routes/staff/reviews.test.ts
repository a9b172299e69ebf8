import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { grant, reject, no_proposal: noProposal } = enums.investigation_status;
const { received, ongoing, approved } = enums.application_status;

let t: TestApp;
let admin: string;
let applicantId: number;

const get = (url: string, cookie: string, headers?: Record<string, string>) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown, headers?: Record<string, string>) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, payload: payload as object, headers });

/** A staff user of the test's own, with their session. */
async function staff(role: 'admin' | 'utredare', firstName: string) {
  const email = `${firstName.toLowerCase()}-${randomUUID()}@test.se`;
  const id = await createStaff(t.db, role, email);
  await t.db.updateTable('users').set({ first_name: firstName, last_name: 'Granskare' }).where('id', '=', id).execute();
  return { id, name: `${firstName} Granskare`, cookie: await sessionCookie(t.app, email) };
}
type Staff = Awaited<ReturnType<typeof staff>>;

/** An application type with criteria made as staff make them, through the settings routes. */
async function reviewedType(criteria: { weight: number; scale_max: number }[]) {
  const type = await send('POST', '/application-types', admin, { data: { label: `Typ ${randomUUID()}` } });
  expect(type.statusCode, type.body).toBe(201);
  const typeId: number = type.json().data.id;
  const ids: number[] = [];
  for (const [order, c] of criteria.entries()) {
    const created = await send('POST', '/review-criteria', admin, {
      data: { application_type_id: typeId, label_sv: `Kriterium ${order + 1}`, label_en: `Criterion ${order + 1}`, order, ...c },
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().data.id);
  }
  return { typeId, criteria: ids };
}

/** An application sent in of the type, in the period. */
async function applicationOf(typeId: number | null, periodId: number, status: number = received) {
  const application = await createApplication(t.db, { periodId, frontendUserId: applicantId, status });
  await t.db
    .updateTable('applications')
    .set({ application_type_id: typeId, org_name: 'Föreningen Jävsfri' })
    .where('id', '=', application.id)
    .execute();
  return application;
}

const assign = (uuid: string, users: Staff[]) =>
  send('POST', `/applications/${uuid}/reviewers`, admin, { data: { user_ids: users.map((u) => u.id) } });
const review = (uuid: string, who: Staff, data: Record<string, unknown>, headers?: Record<string, string>) =>
  send('PUT', `/applications/${uuid}/reviews/mine`, who.cookie, { data }, headers);
const reviews = (uuid: string, who: { cookie: string }) => get(`/applications/${uuid}/reviews`, who.cookie);
const figures = (applicationId: number) =>
  t.db
    .selectFrom('applications')
    .select(['review_score', 'review_spread', 'reviews_in', 'reviews_pending'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'reviews-admin@test.se');
  admin = await sessionCookie(t.app, 'reviews-admin@test.se');
  applicantId = await createApplicant(t.db, 'granskad@test.se', 'Greta', 'Granskad');
});
afterAll(() => t.close());

describe('review criteria', () => {
  it('are created and listed per application type, with their scale and weight checked in either language', async () => {
    const { typeId, criteria } = await reviewedType([
      { weight: 2, scale_max: 5 },
      { weight: 1, scale_max: 10 },
    ]);
    const list = await get(`/review-criteria?application_type_id[]=${typeId}&sort=order`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data).toMatchObject([
      { id: criteria[0], label_sv: 'Kriterium 1', label_en: 'Criterion 1', weight: 2, scale_max: 5 },
      { id: criteria[1], label_sv: 'Kriterium 2', weight: 1, scale_max: 10 },
    ]);

    const bad = { application_type_id: typeId, label_sv: '', label_en: null, scale_max: 11, weight: 0 };
    const refused = await send('POST', '/review-criteria', admin, { data: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      label_sv: ['Fältet benämning (svenska) är obligatoriskt.'],
      label_en: ['Fältet benämning (engelska) är obligatoriskt.'],
      scale_max: ['Fältet skala 1 till får vara högst 10.'],
      weight: ['Fältet vikt måste vara minst 1.'],
    });
    const english = await send(
      'POST',
      '/review-criteria',
      admin,
      { data: { ...bad, scale_max: 1, weight: 11 } },
      { 'accept-language': 'en-US' },
    );
    expect(english.json().errors).toMatchObject({
      scale_max: [expect.stringContaining('at least 2')],
      weight: [expect.stringContaining('more than 10')],
    });
    expect(english.json().errors.label_sv).toEqual([expect.stringContaining('is required')]);
    expect((await get(`/review-criteria?application_type_id[]=${typeId}`, admin)).json().data.total).toBe(2);
  });
});

describe('assigning reviewers', () => {
  it('puts reviewers on one application, once, with the history; a user who may not investigate is refused and nothing changes', async () => {
    const period = await createPeriod(t.db, `Tilldelning ${randomUUID()}`);
    const { typeId } = await reviewedType([{ weight: 1, scale_max: 5 }]);
    const application = await applicationOf(typeId, period.id);
    const [ada, bo] = [await staff('utredare', 'Ada'), await staff('utredare', 'Bo')];

    const added = await assign(application.uuid, [ada, bo]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual([
      { user_id: ada.id, name: ada.name, conflict_of_interest: null, reviewed_at: null },
      { user_id: bo.id, name: bo.name, conflict_of_interest: null, reviewed_at: null },
    ]);
    expect(await figures(application.id)).toEqual({ review_score: null, review_spread: null, reviews_in: 0, reviews_pending: 2 });
    // Again, with one more: those on it are left as they are.
    const cy = await staff('utredare', 'Cy');
    expect((await assign(application.uuid, [ada, cy])).json().data.map((r: { user_id: number }) => r.user_id)).toEqual([
      ada.id,
      bo.id,
      cy.id,
    ]);
    expect((await historyOf(t.db, application.id)).map((h) => [h.action, h.after])).toEqual([
      ['reviewer_added', { user_id: ada.id, name: ada.name }],
      ['reviewer_added', { user_id: bo.id, name: bo.name }],
      ['reviewer_added', { user_id: cy.id, name: cy.name }],
    ]);

    await t.db.insertInto('roles').values({ name: 'reception-granskning' }).execute();
    const receptionist = await staff('utredare', 'Rut');
    await t.db.updateTable('users').set({ role: 'reception-granskning' }).where('id', '=', receptionist.id).execute();
    const inactive = await staff('utredare', 'Ivar');
    await t.db.updateTable('users').set({ active: false }).where('id', '=', inactive.id).execute();
    const dan = await staff('utredare', 'Dan');
    for (const refusedUser of [receptionist, inactive]) {
      const refused = await assign(application.uuid, [dan, refusedUser]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ user_ids: ['Den valda användaren är inte en aktiv utredare.'] });
    }
    expect((await get(`/applications/${application.uuid}/investigators`, admin)).json().data).toHaveLength(3);
    expect((await send('POST', `/applications/${application.uuid}/reviewers`, admin, { data: { user_ids: [] } })).statusCode).toBe(422);
    expect(await figures(application.id)).toMatchObject({ reviews_pending: 3 });
  });

  it('puts reviewers on every undecided application of a period in one go', async () => {
    const period = await createPeriod(t.db, `Periodtilldelning ${randomUUID()}`);
    const { typeId } = await reviewedType([{ weight: 1, scale_max: 5 }]);
    const [one, two, decided] = [
      await applicationOf(typeId, period.id, received),
      await applicationOf(typeId, period.id, ongoing),
      await applicationOf(typeId, period.id, approved),
    ];
    const draft = await applicationOf(typeId, period.id, enums.application_status.draft);
    const [ada, bo] = [await staff('utredare', 'Ada'), await staff('utredare', 'Bo')];
    await assign(one.uuid, [ada]);

    const receptionist = await staff('utredare', 'Rut');
    await t.db.updateTable('users').set({ active: false }).where('id', '=', receptionist.id).execute();
    const refused = await send('POST', `/periods/${period.uuid}/reviewers`, admin, { data: { user_ids: [ada.id, receptionist.id] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('user_ids');

    const done = await send('POST', `/periods/${period.uuid}/reviewers`, admin, { data: { user_ids: [ada.id, bo.id] } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ applications: 2, added: 3, stood_aside: 0 });
    const onIt = async (id: number) =>
      (await t.db.selectFrom('investigations').select('user_id').where('application_id', '=', id).orderBy('user_id').execute()).map(
        (r) => r.user_id,
      );
    expect(await onIt(one.id)).toEqual([ada.id, bo.id]);
    expect(await onIt(two.id)).toEqual([ada.id, bo.id]);
    expect(await onIt(decided.id)).toEqual([]);
    expect(await onIt(draft.id)).toEqual([]);
    expect(await figures(two.id)).toMatchObject({ reviews_pending: 2 });
    expect((await historyOf(t.db, two.id)).map((h) => h.action)).toEqual(['reviewer_added', 'reviewer_added']);
    expect((await send('POST', `/periods/${randomUUID()}/reviewers`, admin, { data: { user_ids: [ada.id] } })).statusCode).toBe(404);
  });
});

describe('reviewing', () => {
  /** An application of a type with two criteria (weight 2 of 5, weight 1 of 10), with three reviewers on it. */
  async function underReview() {
    const period = await createPeriod(t.db, `Granskning ${randomUUID()}`);
    const type = await reviewedType([
      { weight: 2, scale_max: 5 },
      { weight: 1, scale_max: 10 },
    ]);
    const application = await applicationOf(type.typeId, period.id);
    const reviewers = [await staff('utredare', 'Ada'), await staff('utredare', 'Bo'), await staff('utredare', 'Cy')];
    await assign(application.uuid, reviewers);
    const [c1, c2] = type.criteria;
    return { period, application, reviewers, c1, c2, typeId: type.typeId };
  }

  it('asks a reviewer to declare first; a reviewer sees the others’ scores only once theirs is sent in', async () => {
    const { application, reviewers, c1, c2 } = await underReview();
    const [ada, bo] = reviewers;

    // Before declaring: the application, its history and files are closed, the reviews open.
    const closed = await get(`/applications/${application.uuid}`, ada.cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('Ange först om du är jävig i förhållande till den sökande.');
    const english = await get(`/applications/${application.uuid}/history`, ada.cookie, { 'accept-language': 'en-US' });
    expect(english.json().message).toBe('State first whether you have a conflict of interest with the applicant.');
    const first = await reviews(application.uuid, ada);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      criteria: [
        { id: c1, label: 'Kriterium 1', guidance: null, scale_max: 5, weight: 2 },
        { id: c2, label: 'Kriterium 2', guidance: null, scale_max: 10, weight: 1 },
      ],
      applicant: { reference: application.reference, name: 'Greta Granskad', organisation: 'Föreningen Jävsfri' },
      mine: { conflict_of_interest: null, scores: {}, comment: null, amount: null, status: noProposal, reviewed_at: null },
      reviews: null,
      summary: null,
    });
    expect(
      (await get(`/applications/${application.uuid}/reviews`, ada.cookie, { 'accept-language': 'en-US' })).json().data.criteria[0].label,
    ).toBe('Criterion 1');

    // Bo declares and reviews: (2×4 + 1×7) / (2×5 + 1×10) = 75 %.
    const declared = await review(application.uuid, bo, { conflict_of_interest: false });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().data.mine).toMatchObject({ conflict_of_interest: false, reviewed_at: null });
    expect((await get(`/applications/${application.uuid}`, bo.cookie)).statusCode).toBe(200);
    const sent = await review(application.uuid, bo, {
      conflict_of_interest: false,
      scores: { [c1]: 4, [c2]: 7 },
      comment: 'Ett bra projekt.',
      amount: 50_000_00,
      status: grant,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.mine).toMatchObject({
      scores: { [c1]: 4, [c2]: 7 },
      amount: 50_000_00,
      status: grant,
      reviewed_at: expect.any(String),
    });
    expect(sent.json().data.reviews.find((r: { user_id: number }) => r.user_id === bo.id)).toMatchObject({ weighted_score: 7_500 });

    // Ada has declared no conflict but not sent hers in: no one else's scores yet.
    await review(application.uuid, ada, { conflict_of_interest: false });
    const before = (await reviews(application.uuid, ada)).json().data;
    expect(before.reviews).toBeNull();
    expect(before.summary).toBeNull();
    expect(JSON.stringify(before)).not.toContain('Ett bra projekt.');

    const hers = await review(application.uuid, ada, { conflict_of_interest: false, scores: { [c1]: 5, [c2]: 10 }, status: reject });
    expect(hers.statusCode, hers.body).toBe(200);
    const after = hers.json().data;
    expect(after.reviews).toEqual([
      expect.objectContaining({ user_id: ada.id, name: ada.name, weighted_score: 10_000, status: reject, comment: null }),
      expect.objectContaining({
        user_id: bo.id,
        scores: { [c1]: 4, [c2]: 7 },
        comment: 'Ett bra projekt.',
        amount: 50_000_00,
        weighted_score: 7_500,
      }),
      expect.objectContaining({ user_id: reviewers[2].id, conflict_of_interest: null, reviewed_at: null, weighted_score: null }),
    ]);
    expect(after.summary).toEqual({ score: 8_750, spread: 2_500, reviews_in: 2, reviews_pending: 1, stood_aside: [] });

    // A manager sees everything without reviewing; an investigator who is no reviewer of it is refused.
    expect((await reviews(application.uuid, { cookie: admin })).json().data).toMatchObject({ mine: null, summary: { score: 8_750 } });
    const stranger = await staff('utredare', 'Stig');
    const refused = await reviews(application.uuid, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du är inte granskare av den här ansökan.');
    expect((await review(application.uuid, stranger, { conflict_of_interest: false })).statusCode).toBe(403);

    expect((await historyOf(t.db, application.id)).filter((h) => h.user_id === bo.id && h.action !== 'viewed')).toEqual([
      { user_id: bo.id, action: 'conflict_declared', before: { conflict_of_interest: null }, after: { conflict_of_interest: false } },
      {
        user_id: bo.id,
        action: 'review',
        before: null,
        after: { scores: { [c1]: 4, [c2]: 7 }, amount: 50_000_00, status: grant, comment: 'Ett bra projekt.' },
      },
    ]);
  });

  it('keeps the investigation and the review as two notes: neither replaces the other', async () => {
    const { application, reviewers, c1, c2 } = await underReview();
    const [ada] = reviewers;
    const investigation = { amount: 40_000_00, status: grant, comment: 'Välskött förening, rimlig budget. Föreslår 40 000 kr.' };
    await review(application.uuid, ada, { conflict_of_interest: false });
    const saved = await send('PUT', `/applications/${application.uuid}/investigations/mine`, ada.cookie, { data: investigation });
    expect(saved.statusCode, saved.body).toBe(200);
    const reviewed = await review(application.uuid, ada, {
      conflict_of_interest: false,
      scores: { [c1]: 4, [c2]: 8 },
      comment: 'Bra för bygden, barnfokus.',
      amount: 30_000_00,
      status: grant,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const mine = (await get(`/applications/${application.uuid}/investigations`, ada.cookie))
      .json()
      .data.find((i: { mine: boolean }) => i.mine);
    expect(mine).toMatchObject(investigation);
    expect((await reviews(application.uuid, ada)).json().data.mine).toMatchObject({
      comment: 'Bra för bygden, barnfokus.',
      amount: 30_000_00,
      status: grant,
    });
    // And the other way round: the investigation saved again leaves the review as it was.
    await send('PUT', `/applications/${application.uuid}/investigations/mine`, ada.cookie, {
      data: { ...investigation, comment: 'Reviderad.' },
    });
    expect((await reviews(application.uuid, ada)).json().data.mine.comment).toBe('Bra för bygden, barnfokus.');
  });

  it('refuses partial and out-of-range scores with a field error per criterion, changing nothing', async () => {
    const { application, reviewers, c1, c2 } = await underReview();
    const [ada] = reviewers;
    const partial = await review(application.uuid, ada, { conflict_of_interest: false, scores: { [c1]: 3 } });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ [`scores.${c2}`]: ['Välj en poäng från 1 till 10 för ”Kriterium 2”.'] });
    const outOfRange = await review(
      application.uuid,
      ada,
      { conflict_of_interest: false, scores: { [c1]: 6, [c2]: 0, 999999: 3 } },
      { 'accept-language': 'en-US' },
    );
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().errors).toEqual({
      [`scores.${c1}`]: ['Choose a score from 1 to 5 for “Criterion 1”.'],
      [`scores.${c2}`]: ['Choose a score from 1 to 10 for “Criterion 2”.'],
      'scores.999999': ['This application type has no such review criterion.'],
    });
    const noScores = await review(application.uuid, ada, { conflict_of_interest: false, comment: 'Bra.' });
    expect(Object.keys(noScores.json().errors)).toEqual([`scores.${c1}`, `scores.${c2}`]);
    // Not even the declaration that came with them was kept.
    const investigation = await t.db
      .selectFrom('investigations')
      .select(['conflict_of_interest', 'reviewed_at', 'comment'])
      .where('application_id', '=', application.id)
      .where('user_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(investigation).toEqual({ conflict_of_interest: null, reviewed_at: null, comment: null });
    expect(await t.db.selectFrom('review_scores').select('score').where('criterion_id', 'in', [c1, c2]).execute()).toEqual([]);
    expect(await historyOf(t.db, application.id)).toHaveLength(3);
    expect(await figures(application.id)).toEqual({ review_score: null, review_spread: null, reviews_in: 0, reviews_pending: 3 });
  });

  it('stands a reviewer with a conflict of interest aside, for good: scores gone, the application closed to them, staff told', async () => {
    const { application, reviewers, c1, c2 } = await underReview();
    const [ada, bo] = reviewers;
    await review(application.uuid, ada, { conflict_of_interest: false, scores: { [c1]: 2, [c2]: 2 }, comment: 'Svag.' });
    await review(application.uuid, bo, { conflict_of_interest: false, scores: { [c1]: 5, [c2]: 10 } });
    // Ada (2×2 + 2) / 20 = 30 %, Bo 100 %.
    expect(await figures(application.id)).toEqual({ review_score: 6_500, review_spread: 7_000, reviews_in: 2, reviews_pending: 1 });

    // Nothing of a review may come with the declaration.
    const mixed = await review(application.uuid, ada, { conflict_of_interest: true, scores: { [c1]: 2, [c2]: 2 } });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual({ scores: ['Den som har anmält jäv lämnar inga poäng, kommentarer eller förslag.'] });

    const aside = await review(application.uuid, ada, { conflict_of_interest: true });
    expect(aside.statusCode, aside.body).toBe(200);
    expect(aside.json().data).toMatchObject({
      mine: { conflict_of_interest: true, scores: {}, comment: null, reviewed_at: null },
      reviews: null,
      summary: null,
    });
    const { id: fileUuid } = { id: randomUUID() };
    for (const url of [
      `/applications/${application.uuid}`,
      `/applications/${application.uuid}/files/${fileUuid}`,
      `/applications/${application.uuid}/messages`,
    ]) {
      const closed = await get(url, ada.cookie);
      expect(closed.statusCode, url).toBe(403);
      expect(closed.json().message).toBe('Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.');
    }
    expect((await get(`/applications/${application.uuid}`, ada.cookie, { 'accept-language': 'en-US' })).json().message).toBe(
      'You have declared a conflict of interest with this application and can neither read it nor take part in decisions about it.',
    );
    expect(await figures(application.id)).toEqual({ review_score: 10_000, review_spread: 0, reviews_in: 1, reviews_pending: 1 });
    const summary = (await reviews(application.uuid, { cookie: admin })).json().data.summary;
    expect(summary.stood_aside).toEqual([{ user_id: ada.id, name: ada.name }]);
    expect((await reviews(application.uuid, bo)).json().data.summary.stood_aside).toEqual([{ user_id: ada.id, name: ada.name }]);
    expect(await t.db.selectFrom('review_scores').select('score').where('criterion_id', '=', c1).execute()).toEqual([{ score: 5 }]);

    const again = await review(application.uuid, ada, { conflict_of_interest: false });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Du har anmält jäv för den här ansökan, och det går inte att ändra.');
    expect((await review(application.uuid, ada, { conflict_of_interest: true })).statusCode).toBe(200);
    expect((await historyOf(t.db, application.id)).filter((h) => h.user_id === ada.id).at(-1)).toEqual({
      user_id: ada.id,
      action: 'conflict_declared',
      before: { conflict_of_interest: false, scores: { [c1]: 2, [c2]: 2 }, amount: null, status: noProposal, comment: 'Svag.' },
      after: { conflict_of_interest: true },
    });
    // The route names the criteria the entry holds by id, in the reader's language.
    const told = async (language: string) =>
      (await get(`/applications/${application.uuid}/history`, admin, { 'accept-language': language }))
        .json()
        .data.find(
          (h: { action: string; user: { id: number } | null; before: { scores?: unknown } | null }) =>
            h.action === 'conflict_declared' && h.user?.id === ada.id && h.before?.scores,
        ).before.scores;
    expect(await told('sv-SE')).toEqual([
      { criterion: 'Kriterium 1', score: 2 },
      { criterion: 'Kriterium 2', score: 2 },
    ]);
    expect((await told('en-US')).map((s: { criterion: string }) => s.criterion)).toEqual(['Criterion 1', 'Criterion 2']);
  });

  it('keeps the lists’ figures, sorts and filters, and each reviewer’s own work list', async () => {
    const period = await createPeriod(t.db, `Listor ${randomUUID()}`);
    const { typeId, criteria } = await reviewedType([{ weight: 1, scale_max: 4 }]);
    const [c] = criteria;
    const [high, low, waiting] = [
      await applicationOf(typeId, period.id),
      await applicationOf(typeId, period.id),
      await applicationOf(typeId, period.id),
    ];
    const [ada, bo] = [await staff('utredare', 'Ada'), await staff('utredare', 'Bo')];
    for (const a of [high, low, waiting]) await assign(a.uuid, [ada, bo]);
    await review(high.uuid, ada, { conflict_of_interest: false, scores: { [c]: 4 } });
    await review(high.uuid, bo, { conflict_of_interest: false, scores: { [c]: 3 } });
    await review(low.uuid, ada, { conflict_of_interest: false, scores: { [c]: 1 } });
    await review(low.uuid, bo, { conflict_of_interest: true });
    await review(waiting.uuid, ada, { conflict_of_interest: false });

    const list = async (query: string, cookie = admin) => {
      const response = await get(`/applications/all?period=${period.id}&${query}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { total: number; data: { uuid: string; review: unknown }[] };
    };
    const uuids = (page: { data: { uuid: string }[] }) => page.data.map((r) => r.uuid);
    const byScore = await list('sort=review_score&direction=desc');
    expect(uuids(byScore)).toEqual([high.uuid, low.uuid, waiting.uuid]);
    expect(byScore.data.map((r) => r.review)).toEqual([
      { score: 8_750, spread: 2_500, reviews_in: 2, reviews_pending: 0 },
      { score: 2_500, spread: 0, reviews_in: 1, reviews_pending: 0 },
      { score: null, spread: null, reviews_in: 0, reviews_pending: 2 },
    ]);
    expect(uuids(await list('sort=review_score'))).toEqual([waiting.uuid, low.uuid, high.uuid]);
    expect(uuids(await list('sort=review_spread&direction=desc'))).toEqual([high.uuid, low.uuid, waiting.uuid]);
    expect(uuids(await list('sort=reviews_pending&direction=desc'))[0]).toBe(waiting.uuid);
    expect(await list('review_score_min=87.5')).toMatchObject({ total: 1, data: [{ uuid: high.uuid }] });
    expect((await list('review_score_min=25')).total).toBe(2);
    expect(await list('reviews_pending=true')).toMatchObject({ total: 1, data: [{ uuid: waiting.uuid }] });
    expect((await list('reviews_pending=false&sort=review_score')).data.map((r) => r.uuid)).toEqual([low.uuid, high.uuid]);
    const badPercent = await get(`/applications/all?review_score_min=101`, admin);
    expect(badPercent.statusCode).toBe(422);
    expect(badPercent.json().errors).toEqual({ review_score_min: ['Fältet lägsta poäng ska vara ett tal från 0 till 100.'] });

    // The decisioning list of the period, and the decided list, carry the same figures.
    const decisioning = (
      await get(`/applications/decisioning/${period.uuid}?sort=review_score&direction=desc&reviews_pending=false`, admin)
    ).json().data;
    expect(decisioning.data.map((r: { review: { score: number } }) => r.review.score)).toEqual([8_750, 2_500]);
    await t.db.updateTable('applications').set({ status: approved, approved_money: 1_00 }).where('id', '=', high.id).execute();
    const decided = (await get(`/applications/decided?period=${period.id}&sort=review_score`, admin)).json().data;
    expect(decided.data).toMatchObject([{ uuid: high.uuid, review: { score: 8_750 } }]);

    // Bo's own list: what he has still to do, done, or stood aside from.
    const own = async (query = '') => {
      const response = await get(`/applications/userInvestigations?${query}`, bo.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.data as {
        uuid: string;
        my_review: string;
        review: { score: number | null } | null;
        withheld: string | null;
      }[];
    };
    // All three, those he may not read the figures of without them: the one he stood aside from, and the one whose
    // review he has still to do. Sorted or filtered by the figures, his list leaves those two out.
    const all = (await own()).map((r) => [r.uuid, r.my_review, r.review?.score ?? null, r.withheld]);
    expect(all.sort()).toEqual(
      [
        [high.uuid, 'done', 8_750, null],
        [low.uuid, 'stood_aside', null, 'stood_aside'],
        [waiting.uuid, 'todo', null, 'own_review_first'],
      ].sort(),
    );
    expect((await own('sort=review_score&direction=desc')).map((r) => [r.uuid, r.my_review, r.review?.score])).toEqual([
      [high.uuid, 'done', 8_750],
    ]);
    expect((await own('todo=true')).map((r) => r.uuid)).toEqual([waiting.uuid]);
    expect((await own('todo=false')).map((r) => r.uuid).sort()).toEqual([high.uuid, low.uuid].sort());
    expect((await own('review_score_min=50')).map((r) => r.uuid)).toEqual([high.uuid]);
    expect((await own('reviews_pending=true')).map((r) => r.uuid)).toEqual([]);
  });

  it('recomputes the figures when a criterion’s weight changes, one is added or deleted, or a reviewer is taken off', async () => {
    const { application, reviewers, c1, c2, typeId } = await underReview();
    const [ada, bo, cy] = reviewers;
    await review(application.uuid, ada, { conflict_of_interest: false, scores: { [c1]: 5, [c2]: 1 } });
    await review(application.uuid, bo, { conflict_of_interest: false, scores: { [c1]: 1, [c2]: 10 } });
    // Ada (2×5 + 1) / 20 = 55 %, Bo (2 + 10) / 20 = 60 %.
    expect(await figures(application.id)).toEqual({ review_score: 5_750, review_spread: 500, reviews_in: 2, reviews_pending: 1 });

    const criterion = (await get(`/review-criteria/${c1}`, admin)).json().data;
    const changed = await send('PUT', `/review-criteria/${c1}`, admin, { data: { ...criterion, weight: 8 } });
    expect(changed.statusCode, changed.body).toBe(200);
    // Ada (8×5 + 1) / 50 = 82 %, Bo (8 + 10) / 50 = 36 %.
    expect(await figures(application.id)).toEqual({ review_score: 5_900, review_spread: 4_600, reviews_in: 2, reviews_pending: 1 });

    // A criterion added later leaves the reviews given without it as they were.
    const added = await send('POST', '/review-criteria', admin, {
      data: { application_type_id: typeId, label_sv: 'Nytt', label_en: 'New', scale_max: 5, weight: 1 },
    });
    expect(added.statusCode).toBe(201);
    expect(await figures(application.id)).toMatchObject({ review_score: 5_900 });
    // Deleting one: only the other counts. Ada 1 / 10, Bo 10 / 10.
    expect((await send('DELETE', `/review-criteria/${c1}`, admin)).statusCode).toBe(200);
    expect(await figures(application.id)).toEqual({ review_score: 5_500, review_spread: 9_000, reviews_in: 2, reviews_pending: 1 });

    expect((await send('DELETE', `/applications/${application.uuid}/investigators/${cy.id}`, admin)).statusCode).toBe(200);
    expect(await figures(application.id)).toMatchObject({ reviews_pending: 0 });
    expect((await send('DELETE', `/applications/${application.uuid}/investigators/${bo.id}`, admin)).statusCode).toBe(200);
    expect(await figures(application.id)).toEqual({ review_score: 1_000, review_spread: 0, reviews_in: 1, reviews_pending: 0 });
  });

  it('leaves an application whose type has no criteria as it was: no gate, no figures', async () => {
    const period = await createPeriod(t.db, `Utan kriterier ${randomUUID()}`);
    const plain = await send('POST', '/application-types', admin, { data: { label: `Okriterierad ${randomUUID()}` } });
    for (const typeId of [plain.json().data.id, null]) {
      const application = await applicationOf(typeId, period.id);
      const ada = await staff('utredare', 'Ada');
      await assign(application.uuid, [ada]);
      expect((await get(`/applications/${application.uuid}`, ada.cookie)).statusCode).toBe(200);
      const saved = await send('PUT', `/applications/${application.uuid}/investigations/mine`, ada.cookie, { data: { status: grant } });
      expect(saved.statusCode).toBe(200);
      expect(await figures(application.id)).toEqual({ review_score: null, review_spread: null, reviews_in: 0, reviews_pending: 0 });
      expect((await reviews(application.uuid, ada)).json().data).toMatchObject({ criteria: [], reviews: null });
      const refused = await review(application.uuid, ada, { conflict_of_interest: false });
      expect(refused.statusCode).toBe(422);
      const own = (await get('/applications/userInvestigations', ada.cookie)).json().data.data;
      expect(own).toMatchObject([{ uuid: application.uuid, my_review: null }]);
      expect((await get('/applications/userInvestigations?todo=true', ada.cookie)).json().data.total).toBe(0);
    }
  });
});

describe('the declaration first', () => {
  it('closes every other route of one application, and leaves the reviews’ own open', () => {
    const open = ['GET /api/v1/applications/:uuid/reviews', 'PUT /api/v1/applications/:uuid/reviews/mine'];
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/applications/:uuid') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const reaches = typeof route.access === 'object' ? route.access.reaches : null;
      const closed = typeof reaches === 'object' && reaches?.lets !== 'declaring';
      expect(closed, name).toBe(!open.includes(name));
    }
  });
});
