import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { assertRoomForFiles, deleteFileRow, insertFile, isMediaQuestion, type FileCaps } from './files.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { invalid, notFound } from '../errors.js';
import { receiveUpload } from '../uploads/receive.js';
import { removeFile, type FileStorage } from '../uploads/storage.js';

/**
 * Where files are kept (`storage`), where uploads are received first (this server's `dataDir`), how large one may be,
 * and how many and how large in all an application's may be.
 */
export interface FileStore {
  db: Db;
  storage: FileStorage;
  dataDir: string;
  uploadMaxBytes: number;
  caps: FileCaps;
}

/** The file store of the app's config and storage. */
export const fileStore = (
  db: Db,
  storage: FileStorage,
  config: Pick<Config, 'dataDir' | 'uploadMaxBytes' | 'applicationFileCaps'>,
): FileStore => ({
  db,
  storage,
  dataDir: config.dataDir,
  uploadMaxBytes: config.uploadMaxBytes,
  caps: config.applicationFileCaps,
});

// A multipart body is its files and a little more (boundaries, part headers, a few short fields).
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Refuses an upload at once, before a byte of it is stored, when the application has no room for one more file or
 * the request alone is larger than what is left; the exact check follows when the file is stored.
 */
export async function assertRoomBeforeUpload(store: FileStore, request: FastifyRequest, applicationId: number, field = 'file') {
  const declared = Number(request.headers['content-length'] ?? 0);
  const bytes = Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_OVERHEAD) : 0;
  await assertRoomForFiles(store.db, applicationId, { count: 1, bytes }, store.caps, { field });
}

type After = (trx: Db, row: { uuid: string; name: string }) => Promise<unknown>;

/** The question id the form names, which must be a media question of the application's own type. */
async function mediaQuestion(db: Db, raw: string | undefined, applicationTypeId: number | null): Promise<number | null> {
  if (raw === undefined || raw === '') return null;
  const refused = () => invalid({ field_definition_id: ['errors.file_question_invalid'] }, 'errors.file_question_invalid');
  if (!/^\d{1,9}$/.test(raw) || applicationTypeId === null || !(await isMediaQuestion(db, Number(raw), applicationTypeId))) throw refused();
  return Number(raw);
}

/**
 * Receives the upload, keeps it in the storage and records it in one transaction, after `guard` (which locks and
 * checks the application) and before `after` (the history); on any failure nothing stays kept.
 */
export async function storeFile(
  store: FileStore,
  request: FastifyRequest,
  application: { id: number; application_type_id: number | null },
  guard: (trx: Db) => Promise<void>,
  after?: After,
) {
  const { db, storage, dataDir, uploadMaxBytes, caps } = store;
  await assertRoomBeforeUpload(store, request, application.id);
  const upload = await receiveUpload(request, { dataDir, maxBytes: uploadMaxBytes, fields: ['field_definition_id'] });
  const fileUuid = randomUUID();
  try {
    const fieldDefinitionId = await mediaQuestion(db, upload.fields.field_definition_id, application.application_type_id);
    await storage.keep(fileUuid, upload.tempPath, upload.mime);
    return await db.transaction().execute(async (trx) => {
      await guard(trx);
      await assertRoomForFiles(trx, application.id, { count: 1, bytes: upload.size }, caps, { lock: true });
      const row = await insertFile(trx, {
        uuid: fileUuid,
        application_id: application.id,
        field_definition_id: fieldDefinitionId,
        name: upload.name,
        mime: upload.mime,
        size: upload.size,
      });
      await after?.(trx, row);
      return row;
    });
  } catch (error) {
    await removeFile(upload.tempPath);
    await storage.remove([fileUuid]);
    throw error;
  }
}

/** Removes a file of the application in one transaction with `guard` and `after`, then its stored copy. */
export async function deleteFile(
  { db, storage }: FileStore,
  applicationId: number,
  fileUuid: string,
  guard: (trx: Db) => Promise<void>,
  after?: After,
) {
  const removed = await db.transaction().execute(async (trx) => {
    await guard(trx);
    const row = await deleteFileRow(trx, applicationId, fileUuid);
    if (row) await after?.(trx, row);
    return row;
  });
  if (!removed) throw notFound();
  await storage.remove([removed.uuid]);
}
