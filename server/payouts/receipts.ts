import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { RECEIPTS_PER_PAYOUT, receiptsCanBeAdded, receiptsCanBeRemoved } from '../../resources/payoutReceipts.js';
import { assertRoomBeforeUpload, type FileStore } from '../applicationCore/applicationFiles.js';
import { assertRoomForFiles, insertFile } from '../applicationCore/files.js';
import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { receiveUpload } from '../uploads/receive.js';
import { removeFile } from '../uploads/storage.js';

// The receipts an applicant attaches to a payout request: files of the application (the upload rules and caps of
// its other files) that belong to the payout, added until it is approved and taken back until someone checks it.

/**
 * The application's payout (404 when it is not one of its own) in a state that allows the change (409 otherwise).
 * With `lock`, inside a transaction, it holds the application's row and then the payout's, in the order an approval
 * takes them, so the change cannot race an attestation or another upload.
 */
async function openPayout(db: Db, applicationId: number, payoutId: number, change: 'add' | 'remove', lock = false) {
  if (lock) await db.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().execute();
  const payout = await db
    .selectFrom('payouts')
    .select(['id', 'status'])
    .where('id', '=', payoutId)
    .where('application_id', '=', applicationId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!payout) throw notFound();
  if (change === 'add' && !receiptsCanBeAdded(payout.status)) throw new AppError(409, 'errors.payout_receipts_closed');
  if (change === 'remove' && !receiptsCanBeRemoved(payout.status)) throw new AppError(409, 'errors.payout_receipt_kept');
  return payout;
}

/** Refuses one more receipt when the payout holds its most (422 beside `file`). */
async function assertRoomForReceipt(db: Db, payoutId: number) {
  const held = await db
    .selectFrom('application_files')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('payout_id', '=', payoutId)
    .executeTakeFirstOrThrow();
  if (Number(held.count) >= RECEIPTS_PER_PAYOUT) {
    const params = { max: RECEIPTS_PER_PAYOUT };
    throw new AppError(422, 'errors.payout_receipts_full', { params, errors: { file: [{ key: 'errors.payout_receipts_full', params }] } });
  }
}

/** Checks, before a byte is received, that the payout takes one more receipt. */
export async function assertReceiptWelcome(db: Db, applicationId: number, payoutId: number) {
  await openPayout(db, applicationId, payoutId, 'add');
  await assertRoomForReceipt(db, payoutId);
}

/**
 * Receives a receipt of the payout (type from the bytes, UPLOAD_MAX_MB, the application's caps, at most
 * RECEIPTS_PER_PAYOUT) and records it with its history entry, all checked again under the locks; on any failure
 * nothing stays kept.
 */
export async function storeReceipt(store: FileStore, request: FastifyRequest, applicationId: number, payoutId: number) {
  const { db, storage, dataDir, uploadMaxBytes, caps } = store;
  await assertRoomBeforeUpload(store, request, applicationId);
  const upload = await receiveUpload(request, { dataDir, maxBytes: uploadMaxBytes, fields: [] });
  const fileUuid = randomUUID();
  try {
    await storage.keep(fileUuid, upload.tempPath, upload.mime);
    return await db.transaction().execute(async (trx) => {
      await openPayout(trx, applicationId, payoutId, 'add', true);
      await assertRoomForReceipt(trx, payoutId);
      await assertRoomForFiles(trx, applicationId, { count: 1, bytes: upload.size }, caps);
      const file = { uuid: fileUuid, application_id: applicationId, field_definition_id: null, payout_id: payoutId };
      const row = await insertFile(trx, { ...file, name: upload.name, mime: upload.mime, size: upload.size });
      await recordHistory(trx, {
        applicationId,
        userId: null,
        action: 'payout_receipt_added',
        after: { payout_id: payoutId, name: row.name },
      });
      return { uuid: row.uuid, name: row.name, mime: row.mime, size: row.size, created_at: row.created_at };
    });
  } catch (error) {
    await removeFile(upload.tempPath);
    await storage.remove([fileUuid]);
    throw error;
  }
}

/** Removes a receipt while the payout is only requested, then its stored copy; 404 when it is not one of the payout's. */
export async function deleteReceipt({ db, storage }: FileStore, applicationId: number, payoutId: number, fileUuid: string) {
  const removed = await db.transaction().execute(async (trx) => {
    await openPayout(trx, applicationId, payoutId, 'remove', true);
    const row = await trx
      .deleteFrom('application_files')
      .where('uuid', '=', fileUuid)
      .where('application_id', '=', applicationId)
      .where('payout_id', '=', payoutId)
      .returning(['uuid', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordHistory(trx, {
      applicationId,
      userId: null,
      action: 'payout_receipt_removed',
      before: { payout_id: payoutId, name: row.name },
    });
    return row;
  });
  await storage.remove([removed.uuid]);
}

/** The receipts of these payouts, oldest first, by payout id. */
export async function receiptsOfPayouts(db: Db, payoutIds: number[]) {
  const byPayout = new Map<number, { uuid: string; name: string; size: number }[]>();
  if (!payoutIds.length) return byPayout;
  const rows = await db
    .selectFrom('application_files')
    .select(['payout_id', 'uuid', 'name', 'size'])
    .where('payout_id', 'in', payoutIds)
    .orderBy('id')
    .execute();
  for (const { payout_id: id, ...file } of rows) byPayout.set(id!, [...(byPayout.get(id!) ?? []), file]);
  return byPayout;
}
