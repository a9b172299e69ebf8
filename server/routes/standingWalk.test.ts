import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { accountDisplay } from '../../resources/payoutAccounts.js';
import { stockholmDay } from '../clock.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { pdfText, reviewedType } from '../test/meetingFixtures.js';
import { multipart, pdf } from '../test/multipart.js';
import { operationsOf, plausible, type Operation } from '../test/openApi.js';
import { paidPayout, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

/**
 * Where a staff user stands towards an application holds on every route (server/auth/standing.ts), walked from the API
 * document so that a route added later is tried without anyone remembering to: every staff operation, with every
 * entity its path can name pointing at two applications (one under review on a board meeting's agenda, one decided
 * at a meeting and paid in part), and the lists asked the ways that could tell (searched for the reference, sorted and
 * filtered by the figures and the amounts). Three people with every ability:
 * - a reviewer who stood aside from both: no answer may carry anything of them beyond a list row's reference,
 *   applicant and status, and no write may change them;
 * - a board member who stood aside from both at the meetings: the same;
 * - a reviewer who declared no conflict and has not sent their review in: no answer may carry the others' reviews.
 */

const { received, approved } = enums.application_status;
const { grant } = enums.investigation_status;

// What the two applications hold that only those who may read them may read.
const ANSWER = 'Hemligt projekt Ö7731';
const COMMENT = 'Hemlig bedömning Q5521';
const MESSAGE = 'Hemligt meddelande M4412';
const FILE = 'hemlig-bilaga-Z9';
const money = { applied1: 123_456_78, applied2: 234_567_89, approved: 76_543_00, proposal: 98_765_43, repayment: 1_234_56 };
const PLUSGIRO = '1234566';
// One criterion on a scale of 7: the other reviewer's 5 is 71,43 %.
const SCORE = 7143;

let t: TestApp;
const who = { setter: '', aside: '', board: '', blind: '' };
let ids: {
  period: { id: number; uuid: string };
  first: { id: number; uuid: string; reference: string };
  second: { id: number; uuid: string; reference: string };
  applicantId: number;
  fileUuid: string;
  blindId: number;
  newReviewerId: number;
  meetings: [number, number];
  payouts: number[];
  batch: number;
  repayment: number;
};

const api = async (method: string, url: string, cookie: string, payload?: unknown) => {
  const response = await call(t.app, { method, url: `/api/v1${url}`, cookie, payload: payload as object });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  return response;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Vandring', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
  const staff = async (key: keyof typeof who, role: 'admin' | 'utredare' = 'admin') => {
    const email = `walk-${key}@standing.test`;
    const id = await createStaff(t.db, role, email);
    who[key] = await sessionCookie(t.app, email);
    return id;
  };
  const setterId = await staff('setter');
  const asideId = await staff('aside');
  const boardId = await staff('board');
  const blindId = await staff('blind');
  const reviewerId = await createStaff(t.db, 'utredare', 'walk-reviewer@standing.test');
  const reviewer = await sessionCookie(t.app, 'walk-reviewer@standing.test');
  const newReviewerId = await createStaff(t.db, 'utredare', 'walk-new@standing.test');

  const period = await createPeriod(t.db, 'Vandringens period');
  const type = await reviewedType(t.db, [{ label: 'Nytta', scale_max: 7, weight: 1 }]);
  const [criterion] = type.criterionIds;
  const applicantId = await createApplicant(t.db, 'walk-applicant@standing.test', 'Vera', 'Vandrare');
  const application = async (applied: number) => {
    const row = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: received, money: applied });
    await t.db
      .updateTable('applications')
      .set({ application_type_id: type.typeId, definitions: JSON.stringify({ [type.questionId]: ANSWER }) })
      .where('id', '=', row.id)
      .execute();
    return { ...row, reference: row.reference! };
  };
  const [first, second] = [await application(money.applied1), await application(money.applied2)];

  // The dialogue and a file of the first.
  await api('POST', `/applications/${first.uuid}/messages`, who.setter, { data: { body: MESSAGE } });
  const uploaded = await call(t.app, {
    method: 'POST',
    url: `/api/v1/applications/${first.uuid}/files`,
    cookie: who.setter,
    ...multipart([{ name: 'file', filename: `${FILE}.pdf`, content: pdf() }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  const fileUuid = uploaded.json<{ data: { uuid: string } }>().data.uuid;

  // Reviews: one in with its comment and proposal, one who stands aside, one declared and not yet in.
  for (const { uuid } of [first, second]) {
    await api('POST', `/applications/${uuid}/reviewers`, who.setter, { data: { user_ids: [reviewerId, asideId, blindId] } });
    await api('PUT', `/applications/${uuid}/reviews/mine`, reviewer, {
      data: { conflict_of_interest: false, scores: { [criterion]: 5 }, comment: COMMENT, amount: money.proposal, status: grant },
    });
    await api('PUT', `/applications/${uuid}/reviews/mine`, who.aside, { data: { conflict_of_interest: true } });
    await api('PUT', `/applications/${uuid}/reviews/mine`, who.blind, { data: { conflict_of_interest: false } });
  }

  // Two meetings: the first has the first application on its agenda, the second decides the second; the board member
  // stands aside from each at its meeting.
  const meeting = async (uuid: string) => {
    const body = {
      period_id: period.id,
      held_on: '2026-11-20',
      place: 'Sparbankshuset',
      member_ids: [setterId, boardId],
      chair_id: setterId,
      adjuster_id: boardId,
    };
    const id = (await api('POST', '/meetings', who.setter, { data: body })).json().data.id as number;
    await api('PUT', `/meetings/${id}/agenda`, who.setter, { data: { application_uuids: [uuid] } });
    await api('PUT', `/meetings/${id}/agenda/${uuid}/conflict`, who.board, { data: { conflict_of_interest: true } });
    return id;
  };
  const meetings: [number, number] = [await meeting(first.uuid), await meeting(second.uuid)];
  await api('POST', `/meetings/${meetings[1]}/decisions`, who.setter, {
    data: { decisions: [{ application_uuid: second.uuid, status: approved, amount: money.approved }] },
  });
  await api('POST', `/applications/${second.uuid}/decision-release`, who.setter);

  // The grant: five instalments, accepted, their payouts at every step, a batch, one paid and partly paid back.
  const parts = [15_000_00, 15_000_00, 15_000_00, 15_000_00, 16_543_00];
  const plan = (await api('GET', `/applications/${second.uuid}/payout-plan`, who.setter)).json().data;
  await api('PUT', `/applications/${second.uuid}/payout-plan`, who.setter, {
    data: {
      instalments: parts.map((amount, index) => ({
        ...(index === 0 ? { id: plan.instalments[0].id } : {}),
        amount,
        due: enums.payout_due.at_acceptance,
      })),
    },
  });
  await t.db
    .updateTable('grants')
    .set({ accepted_at: new Date(), accepted_by: applicantId, accepted_from: '192.0.2.1', signatory_name: 'Vera Vandrare' })
    .where('application_id', '=', second.id)
    .execute();
  const instalments = await t.db
    .selectFrom('payout_instalments')
    .select(['id', 'amount'])
    .where('application_id', '=', second.id)
    .orderBy('position')
    .execute();
  const grantOf = { id: second.id, applicantId };
  const account = { type: 'plusgiro' as const, number: PLUSGIRO };
  const { payout_status: s } = enums;
  const payouts = [
    await payoutOf(t.db, grantOf, instalments[0], { account }),
    await payoutOf(t.db, grantOf, instalments[1], { account, status: s.prepared, preparedBy: setterId }),
    await payoutOf(t.db, grantOf, instalments[2], { account, status: s.approved, preparedBy: setterId, approvedBy: blindId }),
    await payoutOf(t.db, grantOf, instalments[3], { account, status: s.approved, preparedBy: setterId, approvedBy: blindId }),
    await payoutOf(t.db, grantOf, instalments[4], { account, status: s.approved, preparedBy: setterId, approvedBy: blindId }),
  ].map((p) => p.id);
  const batch = (await api('POST', '/payment-batches', who.setter, { data: { payout_ids: [payouts[3]] } })).json().data.id as number;
  const paidBatch = (await api('POST', '/payment-batches', who.setter, { data: { payout_ids: [payouts[4]] } })).json().data.id;
  await api('POST', `/payment-batches/${paidBatch}/sent`, who.setter);
  await api('POST', `/payment-batches/${paidBatch}/paid`, who.setter, { data: { paid_on: stockholmDay(t.app.clock.now()) } });
  await api('POST', `/applications/${second.uuid}/repayments`, who.setter, {
    data: { amount: money.repayment, reason: 'Överskott i projektet' },
  });
  const repayment = (await t.db.selectFrom('repayments').select('id').where('application_id', '=', second.id).executeTakeFirstOrThrow()).id;
  // Two more of the period, which nobody stood aside from: the period's sums, the statistics and what the meetings
  // say is approved outside their agenda, are of several applications, as a foundation's always are, and so no one
  // application's data. (A period of one application is the limit case: its sums are that application's.)
  const other = await createApplicant(t.db, 'walk-other@standing.test', 'Olle', 'Annan');
  await createApplication(t.db, { periodId: period.id, frontendUserId: other, status: received, money: 50_000_00 });
  const colleague = await createApplication(t.db, {
    periodId: period.id,
    frontendUserId: other,
    status: approved,
    approvedMoney: 40_000_00,
  });
  await t.db.insertInto('grants').values({ application_id: colleague.id, accepted_at: new Date(), accepted_by: other }).execute();
  const [part] = await t.db
    .insertInto('payout_instalments')
    .values({ application_id: colleague.id, position: 1, amount: 40_000_00, due: enums.payout_due.at_acceptance })
    .returning(['id', 'amount'])
    .execute();
  await paidPayout(t.db, { id: colleague.id, applicantId: other }, part, stockholmDay(t.app.clock.now()), {
    preparer: setterId,
    approver: blindId,
  });
  await api('POST', `/applications/${colleague.uuid}/repayments`, who.setter, { data: { amount: 2_000_00, reason: 'Överskott' } });

  ids = { period, first, second, applicantId, fileUuid, blindId, newReviewerId, meetings, payouts, batch, repayment };
}, 120_000);
afterAll(() => t.close());

/** Amounts as every answer may write them: öre in JSON, kronor with a decimal comma or point, in any spacing. */
function amountForms(ore: number): RegExp[] {
  const kronor = Math.floor(ore / 100);
  const cents = String(ore % 100).padStart(2, '0');
  const forms = [new RegExp(`(?<![\\d.,])${ore}(?![\\d])`), new RegExp(`(?<![\\d])${kronor}[.,]${cents}(?![\\d])`)];
  if (ore % 100 === 0) forms.push(new RegExp(`(?<![\\d.,])${kronor}kr`));
  return forms;
}

interface Secret {
  what: string;
  found: RegExp[];
}
const text = (what: string, value: string): Secret => ({ what, found: [new RegExp(value.replace(/\s/g, ''))] });

/** What one who stood aside may not read: all of the applications' content and figures. */
const ofTheApplications = (): Secret[] => [
  text('an answer', ANSWER),
  text('a message', MESSAGE),
  text('a file', FILE),
  text('a review', COMMENT),
  ...Object.entries(money).map(([what, ore]) => ({ what, found: amountForms(ore) })),
  { what: 'the proposal as the agenda rounds it', found: amountForms(Math.round(money.proposal / 100) * 100) },
  { what: 'the payee’s account', found: [new RegExp(accountDisplay('plusgiro', PLUSGIRO).replace(/\s/g, '')), new RegExp(PLUSGIRO)] },
  ...reviewFigures(),
];

/** What a reviewer whose own review is not in may not read: the others' reviews and the figures made of them. */
const reviewFigures = (): Secret[] => [
  { what: 'a review', found: [new RegExp(COMMENT.replace(/\s/g, ''))] },
  { what: 'a proposed amount', found: [...amountForms(money.proposal), ...amountForms(Math.round(money.proposal / 100) * 100)] },
  { what: 'the score', found: [new RegExp(`"(score|weighted_score)":${SCORE}\\b`), /71[,.]4%/] },
];

/** The answer's text, whatever its kind, with its spaces taken out (amounts are written with several kinds of them). */
function answerText(response: LightMyRequestResponse): string {
  const type = String(response.headers['content-type'] ?? '');
  const textOf = type.includes('application/pdf') ? pdfText(response.rawPayload) : response.rawPayload.toString('latin1');
  return (type.includes('application/pdf') || type.includes('json') || type.includes('text') ? textOf : response.body).replace(
    /[\s\u00a0\u202f]/g,
    '',
  );
}

/** Review figures carried by an object that is one of the applications (a list row, an agenda line's application). */
function figuresIn(value: unknown, uuids: string[], at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => figuresIn(item, uuids, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = uuids.includes(record.uuid as string) && 'review' in record && record.review !== null ? [`${at}.review`] : [];
  return [...own, ...Object.entries(record).flatMap(([key, inner]) => figuresIn(inner, uuids, `${at}.${key}`))];
}

/** Every state of the two applications a write could change, as one text to compare before and after. */
async function stateOfTheApplications(): Promise<string> {
  const applicationIds = [ids.first.id, ids.second.id];
  const of = async (table: string, column = 'application_id') =>
    (
      await t.db
        .selectFrom(table as 'applications')
        .selectAll()
        .where(column as 'id', 'in', applicationIds)
        .execute()
    ).map((row) => JSON.stringify(row, Object.keys(row).sort()));
  const history = await t.db
    .selectFrom('application_history')
    .select(['application_id', 'action', 'before', 'after'])
    .where('application_id', 'in', applicationIds)
    .where('action', '<>', 'viewed')
    .orderBy('id')
    .execute();
  const tables = [
    await of('applications', 'id'),
    await of('investigations'),
    await of('payouts'),
    await of('payout_instalments'),
    await of('repayments'),
    await of('grants'),
    await of('meeting_agenda'),
    await of('application_files'),
    await of('application_messages'),
    await of('application_followups'),
  ];
  return JSON.stringify([tables.map((rows) => [...rows].sort()), history]);
}

/** The entities a path names, pointing at the two applications wherever it can: one or more ways to fill it in. */
function pathsOf(operation: Operation): string[] {
  const { path } = operation;
  const fill = (values: Record<string, string | number>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(values[name] ?? (name.toLowerCase().includes('uuid') ? randomUUID() : 2_000_000_000))),
    );
  const applications = [ids.first.uuid, ids.second.uuid];
  if (path.startsWith('/applications/{uuid}'))
    return applications.map((uuid) => fill({ uuid, fileUuid: ids.fileUuid, user_id: ids.blindId }));
  if (path.startsWith('/meetings/{id}')) return ids.meetings.map((id, i) => fill({ id, uuid: applications[i] }));
  if (path.startsWith('/payouts/{id}')) return ids.payouts.map((id) => fill({ id }));
  if (path.startsWith('/payment-batches/{id}')) return [fill({ id: ids.batch })];
  if (path.startsWith('/repayments/{id}')) return [fill({ id: ids.repayment })];
  if (path.startsWith('/frontend-users/{id}')) return [fill({ id: ids.applicantId })];
  return [fill({ uuid: ids.period.uuid, period_uuid: ids.period.uuid, periodId: ids.period.id, locale: 'sv-SE' })];
}

/** The queries to ask an operation with: what it needs, then each way of asking a list that could tell something. */
function queriesOf(operation: Operation): string[] {
  const names = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const today = stockholmDay(t.app.clock.now());
  const base = new URLSearchParams();
  if (names.has('from') && names.has('to')) {
    base.set('from', `${today.slice(0, 4)}-01-01`);
    base.set('to', today);
  }
  if (names.has('table')) base.set('table', 'status');
  const ways: [string, string][] = [
    ['search', ids.first.reference],
    ['sort', 'review_score'],
    ['sort', 'money'],
    ['sort', 'amount'],
    ['review_score_min', '0'],
    ['period', String(ids.period.id)],
  ];
  const variants = ways.filter(([name]) => names.has(name)).map(([name, value]) => new URLSearchParams([...base, [name, value]]));
  return ['', ...[base, ...variants].map((q) => q.toString()).filter(Boolean)].map((q) => (q ? `?${q}` : ''));
}

/** A body a write would take, where its schema can tell one; the named routes refuse before they read it anyway. */
function bodyOf(operation: Operation): unknown {
  const key = `${operation.method} ${operation.path}`;
  const known: Record<string, unknown> = {
    'POST /periods/{uuid}/decision-mails': { data: { limit: 25 } },
    'POST /periods/{uuid}/reviewers': { data: { user_ids: [ids.newReviewerId] } },
    'PUT /meetings/{id}/agenda': { data: { application_uuids: [ids.first.uuid] } },
    'POST /meetings/{id}/decisions': {
      data: { decisions: [{ application_uuid: ids.first.uuid, status: approved, amount: money.applied1 }] },
    },
    'POST /payment-batches': { data: { payout_ids: [ids.payouts[2]] } },
    'POST /frontend-users/{id}/erase': { data: { confirm: true } },
  };
  return key in known ? known[key] : operation.body ? plausible(operation.body) : undefined;
}

/** The staff operations of the API document (those whose declaration names abilities, or any staff user). */
function staffOperations() {
  const staffRoutes = new Set(
    t.app.routeAccess.filter((r) => r.access === 'staff' || typeof r.access === 'object').map((r) => `${r.method} ${r.url}`),
  );
  return operationsOf(t.app.swagger() as never).filter(
    (op) => staffRoutes.has(`${op.method} /api/v1${op.path.replace(/\{(\w+)\}/g, ':$1')}`) && !op.path.startsWith('/auth/'),
  );
}

async function walk(cookie: string, secrets: Secret[], writes: boolean) {
  const operations = staffOperations();
  expect(operations.length).toBeGreaterThan(150);
  const problems: string[] = [];
  let calls = 0;
  for (const operation of operations) {
    const reads = operation.method === 'GET';
    if (!reads && !writes) continue;
    for (const path of pathsOf(operation)) {
      for (const query of reads ? queriesOf(operation) : ['']) {
        const before = reads ? '' : await stateOfTheApplications();
        const body = reads ? undefined : bodyOf(operation);
        const response = await call(t.app, {
          method: operation.method,
          url: `/api/v1${path}${query}`,
          cookie,
          ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
        calls += 1;
        const where = `${operation.method} ${path}${query} (${response.statusCode})`;
        if (response.statusCode >= 500) problems.push(`${where}: ${response.body.slice(0, 200)}`);
        if (response.statusCode < 300) {
          const answer = answerText(response);
          for (const secret of secrets)
            if (secret.found.some((pattern) => pattern.test(answer))) problems.push(`${where} carries ${secret.what}`);
          if (String(response.headers['content-type']).includes('json'))
            for (const at of figuresIn(response.json(), [ids.first.uuid, ids.second.uuid]))
              problems.push(`${where} carries review figures at ${at}`);
        }
        if (!reads && (await stateOfTheApplications()) !== before) problems.push(`${where} changed the applications`);
      }
    }
  }
  console.info(`standing walk: ${calls} calls over ${operations.length} operations`);
  expect(problems).toEqual([]);
}

describe('where staff stand towards an application holds on every operation of the API', () => {
  it(
    'a reviewer who stood aside reads nothing of it beyond a row’s reference, applicant and status, and changes nothing',
    { timeout: 180_000 },
    () => walk(who.aside, ofTheApplications(), true),
  );

  it('a board member who stood aside at the meetings reads nothing of it either, and changes nothing', { timeout: 180_000 }, () =>
    walk(who.board, ofTheApplications(), true),
  );

  it('a reviewer whose own review is not in reads nothing of the others’ reviews', { timeout: 180_000 }, () =>
    walk(who.blind, reviewFigures(), false),
  );
});
