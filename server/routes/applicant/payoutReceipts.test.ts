import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { RECEIPTS_PER_PAYOUT } from '../../../resources/payoutReceipts.js';
import { anonymiseApplications } from '../../dataProtection/anonymise.js';
import { historyOf } from '../../test/handlingFixtures.js';
import { exe, multipart, pdf } from '../../test/multipart.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The receipts an applicant attaches to a payout request: added until it is approved, taken back until it is
// checked, listed with the grant, downloaded by the applicant and by staff who handle payouts, and no part of the form.

const { requested, prepared, approved } = enums.payout_status;
let t: TestApp;
let payoutHandler: string;
let investigator: string;
let admin: string;
const attesters = { preparer: 0, approver: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insertInto('roles').values({ name: 'kvittogranskare' }).execute();
  attesters.preparer = await createStaff(t.db, 'admin', 'receipts-admin@receipts.test');
  admin = await sessionCookie(t.app, 'receipts-admin@receipts.test');
  const handler = await createStaff(t.db, 'admin', 'receipts-handler@receipts.test');
  attesters.approver = handler;
  await t.db.updateTable('users').set({ role: 'kvittogranskare' }).where('id', '=', handler).execute();
  await t.db.insertInto('user_abilities').values({ user_id: handler, ability: 'manage-payouts' }).execute();
  payoutHandler = await sessionCookie(t.app, 'receipts-handler@receipts.test');
  await createStaff(t.db, 'utredare', 'receipts-investigator@receipts.test');
  investigator = await sessionCookie(t.app, 'receipts-investigator@receipts.test');
});
afterAll(() => t.close());

type Grant = Awaited<ReturnType<typeof grantedApplication>>;
const receiptsUrl = (grant: Grant, payoutId: number | string) => `/api/v1/portal/applications/${grant.uuid}/payouts/${payoutId}/receipts`;
const upload = (grant: Grant, payoutId: number | string, content = pdf(), cookie = grant.applicant) => {
  const body = multipart([{ name: 'file', filename: 'kvitto.pdf', content, type: 'application/pdf' }]);
  return call(t.app, {
    method: 'POST',
    url: receiptsUrl(grant, payoutId),
    cookie,
    headers: { ...body.headers, 'accept-language': 'en-US' },
    payload: body.payload,
  });
};
const remove = (grant: Grant, payoutId: number, fileUuid: string) =>
  call(t.app, { method: 'DELETE', url: `${receiptsUrl(grant, payoutId)}/${fileUuid}`, cookie: grant.applicant });
const receiptRows = (payoutId: number) =>
  t.db.selectFrom('application_files').select(['uuid', 'name']).where('payout_id', '=', payoutId).execute();
/** A granted application with one payout at `status`. */
async function payoutAt(status: number) {
  const grant = await grantedApplication(t.db);
  const payout = await payoutOf(t.db, grant, grant.instalments[0], {
    status,
    preparedBy: status === requested ? undefined : attesters.preparer,
    approvedBy: status === approved ? attesters.approver : undefined,
  });
  return { grant, payout };
}

describe('receipts of a payout request', () => {
  it('are uploaded, listed with the grant, downloaded, recorded in the history and kept out of the form', async () => {
    const { grant, payout } = await payoutAt(requested);
    const answer = await upload(grant, payout.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const receipt = answer.json().data;
    expect(receipt).toMatchObject({ name: 'kvitto.pdf', mime: 'application/pdf', size: pdf().length });

    const view = await call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${grant.uuid}/grant`, cookie: grant.applicant });
    expect(view.json().data.payouts[0].receipts).toEqual([{ uuid: receipt.uuid, name: 'kvitto.pdf', size: pdf().length }]);

    const own = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${grant.uuid}/files/${receipt.uuid}`,
      cookie: grant.applicant,
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf())).toBe(true);
    // Wherever staff meet the payout (its dialog, the list, the application's payouts tab), its receipts are listed.
    const listed = [{ uuid: receipt.uuid, name: 'kvitto.pdf', size: pdf().length }];
    const one = await call(t.app, { method: 'GET', url: `/api/v1/payouts/${payout.id}`, cookie: payoutHandler });
    expect(one.json().data.receipts).toEqual(listed);
    const list = await call(t.app, { method: 'GET', url: `/api/v1/payouts?search=${grant.reference}`, cookie: payoutHandler });
    expect(list.json().data.data.find((row: { id: number }) => row.id === payout.id).receipts).toEqual(listed);
    const staffUrl = `/api/v1/applications/${grant.uuid}/files/${receipt.uuid}`;
    expect((await call(t.app, { method: 'GET', url: staffUrl, cookie: payoutHandler })).statusCode).toBe(200);
    // An investigator reads the application's files, not its payouts' receipts.
    expect((await call(t.app, { method: 'GET', url: staffUrl, cookie: investigator })).statusCode).toBe(403);

    const form = await call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${grant.uuid}`, cookie: grant.applicant });
    expect(form.json().data.files).toEqual([]);
    const staffView = await call(t.app, { method: 'GET', url: `/api/v1/applications/${grant.uuid}`, cookie: admin });
    expect(staffView.json().data.files).toEqual([]);
    // Staff's route for the form's files cannot take a receipt away.
    expect((await call(t.app, { method: 'DELETE', url: staffUrl, cookie: admin })).statusCode).toBe(404);
    expect(await receiptRows(payout.id)).toHaveLength(1);

    const actions = (await historyOf(t.db, grant.id)).map((entry) => entry.action);
    expect(actions).toContain('payout_receipt_added');
    expect((await remove(grant, payout.id, receipt.uuid)).statusCode).toBe(204);
    expect(await receiptRows(payout.id)).toEqual([]);
    expect(await t.storage.size(receipt.uuid)).toBeNull();
  });

  it('refuses another type and more than the cap, storing nothing', async () => {
    const { grant, payout } = await payoutAt(requested);
    const wrong = await upload(grant, payout.id, exe);
    expect(wrong.statusCode).toBe(422);
    expect(await receiptRows(payout.id)).toEqual([]);

    await t.db
      .insertInto('application_files')
      .values(
        Array.from({ length: RECEIPTS_PER_PAYOUT }, (_, i) => ({
          application_id: grant.id,
          field_definition_id: null,
          payout_id: payout.id,
          name: `kvitto-${i}.pdf`,
          mime: 'application/pdf',
          size: 10,
        })),
      )
      .execute();
    const full = await upload(grant, payout.id);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.file[0]).toMatch(/as many receipts as it may, 10/);
    expect(await receiptRows(payout.id)).toHaveLength(RECEIPTS_PER_PAYOUT);
  });

  it('is 404 for another applicant’s payout, another application’s, or an unknown one', async () => {
    const { grant, payout } = await payoutAt(requested);
    const other = await payoutAt(requested);
    expect((await upload(grant, payout.id, pdf(), other.grant.applicant)).statusCode).toBe(404);
    expect((await upload(grant, other.payout.id)).statusCode).toBe(404);
    expect((await upload(grant, 'x1')).statusCode).toBe(404);
    expect((await upload(grant, 2 ** 40)).statusCode).toBe(404);
    expect(await receiptRows(other.payout.id)).toEqual([]);
  });

  it('are added until the payout is approved and removed only while it is requested', async () => {
    const checked = await payoutAt(prepared);
    const added = await upload(checked.grant, checked.payout.id);
    expect(added.statusCode, added.body).toBe(201);
    const kept = await remove(checked.grant, checked.payout.id, added.json().data.uuid);
    expect(kept.statusCode).toBe(409);
    expect(await receiptRows(checked.payout.id)).toHaveLength(1);

    const done = await payoutAt(approved);
    const late = await upload(done.grant, done.payout.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/no longer be added/);
  });

  it('go with the application when it is anonymised', async () => {
    const { grant, payout } = await payoutAt(requested);
    const receipt = (await upload(grant, payout.id)).json().data;
    const files = await t.db.transaction().execute((trx) => anonymiseApplications(trx, [grant.id], new Date()));
    expect(files).toContain(receipt.uuid);
    expect(await receiptRows(payout.id)).toEqual([]);
  });
});
