import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { recordPayoutAbilitiesHeld } from '../../payouts/payoutAbilities.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// People, not accounts, attest a payout: an administrator who prepared one cannot have it approved by an account they
// created, or gave the approval, in the last 90 days; every change of a payout ability is recorded, with when and by
// whom, and mailed to every other administrator.

let t: TestApp;
const ids = { anna: 0, cecilia: 0 };
const cookies = { anna: '', cecilia: '' };

beforeAll(async () => {
  t = await createTestApp();
  ids.anna = await createStaff(t.db, 'admin', 'anna@abilities.test');
  ids.cecilia = await createStaff(t.db, 'admin', 'cecilia@abilities.test');
  cookies.anna = await sessionCookie(t.app, 'anna@abilities.test');
  cookies.cecilia = await sessionCookie(t.app, 'cecilia@abilities.test');
  await recordPayoutAbilitiesHeld(t.db);
});
afterAll(() => t.close());

const api = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    cookie,
    payload: data === undefined ? undefined : { data },
    headers: { 'accept-language': 'sv-SE' },
  });
const changesOf = (userId: number) =>
  t.db
    .selectFrom('payout_ability_changes')
    .select(['ability', 'via', 'period_id', 'change', 'changed_by'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const mailsTo = (email: string) => t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', email).execute();

/** A payout Anna (unless told) prepared, in a period of its own unless told. */
async function preparedByAnna(preparedBy = ids.anna, periodId?: number) {
  const grant = await grantedApplication(t.db, { amount: 5_000_00, periodId });
  const payout = await payoutOf(t.db, grant, grant.instalments[0], { status: enums.payout_status.prepared, preparedBy });
  return { ...payout, periodId: grant.periodId };
}

/** Signs in an account made through the API, given the password the test accounts have. */
async function signIn(email: string) {
  const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', ids.anna).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ password_hash }).where('email', '=', email).execute();
  return sessionCookie(t.app, email);
}

describe('the approver of a payout', () => {
  it('is not an account its preparer created with the approval, and the creation is told to the other administrators', async () => {
    const payout = await preparedByAnna();
    const created = await api(cookies.anna, 'POST', '/users', {
      first_name: 'Bo',
      last_name: 'Bulvan',
      email: 'bo@abilities.test',
      role: 'utredare',
      payout_approval_period_ids: [payout.periodId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const bo = created.json().data.id as number;
    expect(await changesOf(bo)).toEqual([
      { ability: 'approve-payouts', via: 'ability', period_id: payout.periodId, change: 'granted', changed_by: ids.anna },
    ]);
    // Cecilia, the other administrator, is told; Anna, who did it, is not.
    const toCecilia = await mailsTo('cecilia@abilities.test');
    expect(toCecilia.map((m) => m.subject)).toContain('Behörighet för utbetalningar ändrad för Bo Bulvan');
    expect(toCecilia.find((m) => m.subject.includes('Bo Bulvan'))!.body_text).toContain('– får nu attestera utbetalningar');
    expect((await mailsTo('anna@abilities.test')).filter((m) => m.subject.includes('Bo Bulvan'))).toEqual([]);

    const bosCookie = await signIn('bo@abilities.test');
    const refused = await api(bosCookie, 'POST', `/payouts/${payout.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/skapades av den som förberedde utbetalningen/);
    const stillPrepared = await t.db.selectFrom('payouts').select('status').where('id', '=', payout.id).executeTakeFirstOrThrow();
    expect(stillPrepared.status).toBe(enums.payout_status.prepared);
    // Another person approves it.
    expect((await api(cookies.cecilia, 'POST', `/payouts/${payout.id}/approve`)).statusCode).toBe(200);
  });

  it('is not an account its preparer gave the approval; taking it away is recorded and told as well', async () => {
    const payout = await preparedByAnna();
    const dora = await createStaff(t.db, 'utredare', 'dora@abilities.test');
    const doraRecord = (await api(cookies.anna, 'GET', `/users/${dora}`)).json().data;
    const granted = await api(cookies.anna, 'PUT', `/users/${dora}`, {
      ...doraRecord,
      id: undefined,
      payout_approval_period_ids: [payout.periodId],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const doraCookie = await sessionCookie(t.app, 'dora@abilities.test');
    const refused = await api(doraCookie, 'POST', `/payouts/${payout.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/gav det här kontot rätt att attestera/);

    // What another prepared in the period, Dora approves.
    const other = await preparedByAnna(ids.cecilia, payout.periodId);
    expect((await api(doraCookie, 'POST', `/payouts/${other.id}/approve`)).statusCode).toBe(200);

    const taken = await api(cookies.cecilia, 'PUT', `/users/${dora}`, { ...doraRecord, id: undefined, payout_approval_period_ids: [] });
    expect(taken.statusCode).toBe(200);
    expect((await changesOf(dora)).map((c) => [c.period_id, c.change, c.changed_by])).toEqual([
      [payout.periodId, 'granted', ids.anna],
      [payout.periodId, 'revoked', ids.cecilia],
    ]);
    const toAnna = await mailsTo('anna@abilities.test');
    expect(toAnna.filter((m) => m.body_text.includes('– får inte längre attestera utbetalningar'))).toHaveLength(1);

    // The user's page reads the record, newest first, to those who manage users alone.
    const record = await api(cookies.anna, 'GET', `/users/${dora}/payout-ability-changes`);
    expect(record.statusCode).toBe(200);
    expect(record.json().data).toMatchObject([
      { ability: 'approve-payouts', via: 'ability', change: 'revoked', period: { id: payout.periodId }, changed_by: 'Anna Test' },
      { ability: 'approve-payouts', via: 'ability', change: 'granted', period: { id: payout.periodId }, changed_by: 'Anna Test' },
    ]);
    expect((await api(doraCookie, 'GET', `/users/${dora}/payout-ability-changes`)).statusCode).toBe(403);
    expect((await api(cookies.anna, 'GET', '/users/99999999/payout-ability-changes')).statusCode).toBe(404);
  });
});
