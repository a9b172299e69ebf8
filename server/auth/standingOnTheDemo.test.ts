import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { seedDemo } from '../demo/demo.js';
import { DEMO_PASSWORD } from '../demo/chapters/staff.js';
import { pdfText } from '../test/meetingFixtures.js';
import { call, createTestApp, login, type TestApp } from '../test/testApp.js';

// The findings of the walk through the demo, route by route, each as it was reproduced: a treasurer who stood aside
// from an application as its reviewer, a board member who stood aside at last year's meeting, and a reviewer who has
// declared no conflict and not yet sent their review in. (server/routes/standingWalk.test.ts tries every route.)

let t: TestApp;
const cookie: Record<'ekonomi' | 'styrelse' | 'utredare', string> = { ekonomi: '', styrelse: '', utredare: '' };
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  for (const name of Object.keys(cookie) as (keyof typeof cookie)[]) {
    const response = await login(t.app, `${name}@demo.se`, DEMO_PASSWORD);
    cookie[name] = `staff_session=${response.cookies.find((c) => c.name === 'staff_session')!.value}`;
  }
}, 120_000);
afterAll(() => t.close());

const get = (url: string, as: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: as, headers });
const send = (method: 'POST' | 'PUT', url: string, as: string, data?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: as, ...(data && { payload: { data } }) });

/** The demo's application the user stood aside from: the treasurer from Prova på snickeri, the board member from the jetty. */
function stoodAsideFrom(email: string) {
  return t.db
    .selectFrom('conflicts_of_interest as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select(['a.id', 'a.uuid', 'a.reference', 'a.period_id'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
}

describe('the treasurer who stood aside from Prova på snickeri as its reviewer', () => {
  it('cannot open it, read or approve its payouts, and reads its rows without amounts', async () => {
    const carpentry = await stoodAsideFrom('ekonomi@demo.se');
    const closed = await get(`/applications/${carpentry.uuid}`, cookie.ekonomi);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.');

    const payouts = await t.db.selectFrom('payouts').select(['id', 'status']).where('application_id', '=', carpentry.id).execute();
    for (const payout of payouts) {
      expect((await get(`/payouts/${payout.id}`, cookie.ekonomi)).statusCode).toBe(403);
      const approving = await send('POST', `/payouts/${payout.id}/approve`, cookie.ekonomi);
      expect(approving.statusCode).toBe(403);
      expect((await t.db.selectFrom('payouts').select('status').where('id', '=', payout.id).executeTakeFirstOrThrow()).status).toBe(
        payout.status,
      );
    }
    const list = (await get(`/payouts?search=${carpentry.reference}`, cookie.ekonomi)).json().data;
    expect(list.data.length).toBe(payouts.length);
    for (const row of list.data) expect(row).toMatchObject({ withheld: 'stood_aside', amount: null, account: null });

    const own = (await get('/applications/userInvestigations', cookie.ekonomi)).json().data.data;
    expect(own.find((row: { uuid: string }) => row.uuid === carpentry.uuid)).toMatchObject({
      withheld: 'stood_aside',
      money_value: null,
      review: null,
      my_review: 'stood_aside',
    });
  });
});

describe('the board member who stood aside from last year’s jetty at the meeting that decided it', () => {
  it('reads its line without amounts, has no page of it in the pack, and can no longer take the conflict back', async () => {
    const jetty = await stoodAsideFrom('styrelse@demo.se');
    const held = await t.db.selectFrom('meetings').select('id').where('decided_at', 'is not', null).executeTakeFirstOrThrow();
    const meeting = (await get(`/meetings/${held.id}`, cookie.styrelse)).json().data;
    const line = meeting.agenda.find((l: { application: { uuid: string } }) => l.application.uuid === jetty.uuid);
    expect(line).toMatchObject({
      withheld: 'stood_aside',
      decided_status: enums.application_status.approved,
      decided_amount: null,
      application: { reference: jetty.reference, money: null, review: null, proposed_amount: null },
    });
    expect(meeting.totals.withheld_lines).toBe(1);

    const opened = await get(`/meetings/${held.id}/applications/${jetty.uuid}`, cookie.styrelse, en);
    expect(opened.statusCode).toBe(403);
    expect(opened.json().message).toBe(
      'You have declared a conflict of interest with this application and can neither read it nor take part in decisions about it.',
    );
    const pack = pdfText((await get(`/meetings/${held.id}/pack.pdf`, cookie.styrelse)).rawPayload);
    // The agenda names it once, with no amount; no page of its own follows.
    expect(pack.split(jetty.reference!).length - 1).toBe(2);
    expect(pack).toContain('Ett ärende där du anmält jäv eller ännu inte lämnat din bedömning ingår inte i summorna.');
    const minutes = pdfText((await get(`/meetings/${held.id}/minutes.pdf`, cookie.styrelse)).rawPayload);
    expect(minutes).toContain('Kvar att fördela efter mötet –');

    const back = await send('PUT', `/meetings/${held.id}/agenda/${jetty.uuid}/conflict`, cookie.styrelse, { conflict_of_interest: false });
    expect(back.statusCode).toBe(409);
    expect((await get(`/meetings/${held.id}`, cookie.styrelse)).json().data.my_conflicts[jetty.uuid]).toBe(true);
  });
});

describe('the reviewer of Prova på snickeri who has not sent a review in', () => {
  it('must declare first; declared, reads none of the others’ reviews on any route until theirs is in', async () => {
    // The same application, which Erik reviews and has not opened yet.
    const carpentry = await stoodAsideFrom('ekonomi@demo.se');
    const period = await t.db.selectFrom('periods').select('uuid').where('id', '=', carpentry.period_id).executeTakeFirstOrThrow();
    // The administrator's review, whose comment and proposal no route may show Erik before his own is in.
    const othersComment = 'Ger högstadieelever en väg in i hantverksyrkena';
    const first = await get(`/applications/${carpentry.uuid}`, cookie.utredare);
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe('Ange först om du är jävig i förhållande till den sökande.');
    const declared = await send('PUT', `/applications/${carpentry.uuid}/reviews/mine`, cookie.utredare, { conflict_of_interest: false });
    expect(declared.json().data).toMatchObject({ reviews: null, summary: null });

    const history = await get(`/applications/${carpentry.uuid}/history`, cookie.utredare);
    expect(history.body).not.toContain(othersComment);
    const reviewEntries = history.json().data.filter((e: { action: string }) => e.action === 'review');
    expect(reviewEntries.length).toBeGreaterThan(0);
    for (const entry of reviewEntries) expect(entry).toMatchObject({ before: null, after: null });

    const investigations = (await get(`/applications/${carpentry.uuid}/investigations`, cookie.utredare)).json().data;
    for (const other of investigations.filter((i: { mine: boolean }) => !i.mine))
      expect(other).toMatchObject({ withheld: true, comment: null, amount: null, status: null });

    const todo = (await get('/applications/userInvestigations?todo=true', cookie.utredare)).json().data.data;
    expect(todo.find((row: { uuid: string }) => row.uuid === carpentry.uuid)).toMatchObject({ withheld: 'own_review_first', review: null });
    const decisioning = (await get(`/applications/decisioning/${period.uuid}?per_page=100`, cookie.utredare)).json().data.data;
    expect(decisioning.find((r: { uuid: string }) => r.uuid === carpentry.uuid)).toMatchObject({
      withheld: 'own_review_first',
      review: null,
    });

    // His review in, the others' are his to read.
    const criteria = (await get(`/applications/${carpentry.uuid}/reviews`, cookie.utredare)).json().data.criteria as { id: number }[];
    const sent = await send('PUT', `/applications/${carpentry.uuid}/reviews/mine`, cookie.utredare, {
      conflict_of_interest: false,
      scores: Object.fromEntries(criteria.map((c) => [String(c.id), 3])),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.reviews.length).toBeGreaterThan(1);
    expect((await get(`/applications/${carpentry.uuid}/history`, cookie.utredare)).body).toContain(othersComment);
  });
});
