import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { assertRoomForFiles, deleteFollowupFileRow, insertFile } from '../applicationCore/files.js';
import { lockOpenFollowup } from './followups.js';
import { notFound } from '../errors.js';
import { assertRoomBeforeUpload, type FileStore } from '../applicationCore/applicationFiles.js';
import { receiveUpload } from '../uploads/receive.js';
import { removeFile } from '../uploads/storage.js';

/**
 * Receives an attachment of the application's follow-up (the upload rules of the application's files: type from the
 * bytes, UPLOAD_MAX_MB, kept privately under a uuid) and records it while the follow-up is still open (409 once sent
 * in, 404 when none is requested); on any failure nothing stays kept.
 */
export async function storeFollowupFile(store: FileStore, request: FastifyRequest, applicationId: number) {
  const { db, storage, dataDir, uploadMaxBytes, caps } = store;
  await assertRoomBeforeUpload(store, request, applicationId);
  const upload = await receiveUpload(request, { dataDir, maxBytes: uploadMaxBytes, fields: [] });
  const fileUuid = randomUUID();
  try {
    await storage.keep(fileUuid, upload.tempPath, upload.mime);
    const row = await db.transaction().execute(async (trx) => {
      await lockOpenFollowup(trx, applicationId);
      await assertRoomForFiles(trx, applicationId, { count: 1, bytes: upload.size }, caps, { lock: true });
      const file = { uuid: fileUuid, application_id: applicationId, field_definition_id: null, followup: true };
      return insertFile(trx, { ...file, name: upload.name, mime: upload.mime, size: upload.size });
    });
    return { uuid: row.uuid, name: row.name, mime: row.mime, size: row.size, created_at: row.created_at };
  } catch (error) {
    await removeFile(upload.tempPath);
    await storage.remove([fileUuid]);
    throw error;
  }
}

/** Removes an attachment of the open follow-up, then its stored copy; 404 when it is not one of its attachments. */
export async function deleteFollowupFile({ db, storage }: FileStore, applicationId: number, fileUuid: string) {
  const removed = await db.transaction().execute(async (trx) => {
    await lockOpenFollowup(trx, applicationId);
    return deleteFollowupFileRow(trx, applicationId, fileUuid);
  });
  if (!removed) throw notFound();
  await storage.remove([removed.uuid]);
}
