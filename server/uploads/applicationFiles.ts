import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { deleteFileRow, insertFile, isMediaQuestion } from '../applications/files.js';
import type { Db } from '../db/connect.js';
import { invalid, notFound } from '../errors.js';
import { receiveUpload } from './receive.js';
import { removeFile, storedPath } from './storage.js';

/** Where files are kept and how large one may be (from the app's config). */
export interface FileStore {
  db: Db;
  dataDir: string;
  uploadMaxBytes: number;
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
 * Receives the upload, moves it into place and records it in one transaction, after `guard` (which locks and checks
 * the application) and before `after` (the history); on any failure nothing stays on disk.
 */
export async function storeFile(
  { db, dataDir, uploadMaxBytes }: FileStore,
  request: FastifyRequest,
  application: { id: number; application_type_id: number | null },
  guard: (trx: Db) => Promise<void>,
  after?: After,
) {
  const upload = await receiveUpload(request, { dataDir, maxBytes: uploadMaxBytes, fields: ['field_definition_id'] });
  const fileUuid = randomUUID();
  const target = storedPath(dataDir, fileUuid);
  try {
    const fieldDefinitionId = await mediaQuestion(db, upload.fields.field_definition_id, application.application_type_id);
    await rename(upload.tempPath, target);
    return await db.transaction().execute(async (trx) => {
      await guard(trx);
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
    await removeFile(target);
    throw error;
  }
}

/** Removes a file of the application in one transaction with `guard` and `after`, then its stored copy. */
export async function deleteFile(
  { db, dataDir }: FileStore,
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
  await removeFile(storedPath(dataDir, removed.uuid));
}
