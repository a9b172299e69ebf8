import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { debitNotification } from '../../test/bankAnswerXml.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// A treasurer who manages the payouts of one period: a batch, a new batch's payouts and a bank's answer are theirs
// only when every payout in them is of that period. The access layer decides it from what the route names (a set of
// periods), before the handler runs: nothing is made or changed on a refusal.

const { approved, in_batch } = enums.payout_status;
let t: TestApp;
let preparer: number;
let approver: number;
let mine: number;
let treasurer: string;

beforeAll(async () => {
  t = await createTestApp();
  preparer = await createStaff(t.db, 'admin', 'preparer@batch-access.test');
  approver = await createStaff(t.db, 'admin', 'approver@batch-access.test');
  mine = (await grantedApplication(t.db)).periodId;
  const id = await createStaff(t.db, 'utredare', 'treasurer@batch-access.test');
  await t.db
    .insertInto('user_abilities')
    .values({ user_id: id, ability: 'manage-payouts', entity_type: 'periods', entity_id: mine })
    .execute();
  treasurer = await sessionCookie(t.app, 'treasurer@batch-access.test');
  await t.db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Exempel', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, {
    method,
    url: `/api/v1${url}`,
    cookie: treasurer,
    payload: payload && { data: payload },
    headers: { 'accept-language': 'en-US' },
  });

/** An approved payout of a grant in `periodId` (a period of its own unless given), in a batch when `batchId` is given. */
async function approvedPayout(periodId?: number, batchId?: number) {
  const grant = await grantedApplication(t.db, { periodId });
  return payoutOf(t.db, grant, grant.instalments[0], {
    status: batchId ? in_batch : approved,
    preparedBy: preparer,
    approvedBy: approver,
    batchId,
  });
}

async function batchOf(...periods: (number | undefined)[]) {
  const batch = await t.db
    .insertInto('payment_batches')
    .values({ message_id: `ACCESS-${randomUUID()}`, execution_date: '2026-12-01', created_by: approver })
    .returning(['id', 'message_id'])
    .executeTakeFirstOrThrow();
  const payouts = [];
  for (const period of periods) payouts.push(await approvedPayout(period, batch.id));
  return { ...batch, payouts };
}

describe('payment batches of a treasurer of one period', () => {
  it('gathers a batch of their period’s payouts, and refuses one with another period’s, making nothing', async () => {
    const own = await approvedPayout(mine);
    const others = await approvedPayout();
    const refused = await api('POST', '/payment-batches', { payout_ids: [own.id, others.id] });
    expect(refused.statusCode).toBe(403);
    const statuses = await t.db.selectFrom('payouts').select('status').where('id', 'in', [own.id, others.id]).execute();
    expect(statuses.map((p) => p.status)).toEqual([approved, approved]);
    const made = await api('POST', '/payment-batches', { payout_ids: [own.id] });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.items.map((p: { id: number }) => p.id)).toEqual([own.id]);
  });

  it('opens and acts on a batch whose payouts are all theirs; another is refused, an unknown one is not found', async () => {
    const own = await batchOf(mine, mine);
    expect((await api('GET', `/payment-batches/${own.id}`)).statusCode).toBe(200);
    const mixed = await batchOf(mine, undefined);
    for (const url of [`/payment-batches/${mixed.id}`, `/payment-batches/${mixed.id}/file`])
      expect((await api('GET', url)).statusCode).toBe(403);
    expect((await api('POST', `/payment-batches/${mixed.id}/sent`)).statusCode).toBe(403);
    const batch = await t.db.selectFrom('payment_batches').select('sent_at').where('id', '=', mixed.id).executeTakeFirstOrThrow();
    expect(batch.sent_at).toBeNull();
    expect((await api('GET', '/payment-batches/2000000000')).statusCode).toBe(404);
    const listed = (await api('GET', '/payment-batches?per_page=100')).json<{ data: { data: { id: number }[] } }>().data.data;
    expect(listed.map((b) => b.id)).toContain(own.id);
    expect(listed.map((b) => b.id)).not.toContain(mixed.id);
  });

  it('lists and opens a batch while all its payouts are theirs: one moved to another period by a correction takes it out', async () => {
    const batch = await batchOf(mine, mine);
    const listed = async () =>
      (await api('GET', '/payment-batches?per_page=100')).json<{ data: { data: { id: number; payouts: number }[] } }>().data.data;
    expect((await listed()).find((b) => b.id === batch.id)).toMatchObject({ payouts: 2 });
    const elsewhere = (await grantedApplication(t.db)).periodId;
    const moved = batch.payouts[1].application_id;
    await t.db.updateTable('applications').set({ period_id: elsewhere }).where('id', '=', moved).execute();
    expect((await listed()).map((b) => b.id)).not.toContain(batch.id);
    expect((await api('GET', `/payment-batches/${batch.id}`)).statusCode).toBe(403);
    await t.db.updateTable('applications').set({ period_id: mine }).where('id', '=', moved).execute();
    expect((await listed()).map((b) => b.id)).toContain(batch.id);
    expect((await api('GET', `/payment-batches/${batch.id}`)).statusCode).toBe(200);
  });

  it('imports a bank’s answer only when every payout it names is theirs', async () => {
    const mixed = await batchOf(mine, undefined);
    const xml = debitNotification({
      messageId: `CAMT-${randomUUID()}`,
      payments: mixed.payouts.map((p) => ({ endToEndId: `P${p.id}`, amount: 50_000_00, bookedOn: '2026-11-20' })),
    });
    const refused = await api('POST', '/bank-answers', { xml });
    expect(refused.statusCode).toBe(403);
    const statuses = await t.db.selectFrom('payouts').select('status').where('batch_id', '=', mixed.id).execute();
    expect(statuses.map((p) => p.status)).toEqual([in_batch, in_batch]);
  });
});
