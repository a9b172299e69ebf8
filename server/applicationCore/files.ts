import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { assertDraft } from './ownApplications.js';
import { reachableByStaff } from './staffReach.js';

// The queries of an application's files: the rows; the bytes are in server/uploads/.

export interface NewFile {
  uuid: string;
  application_id: number;
  field_definition_id: number | null;
  name: string;
  mime: string;
  size: number;
  /** An attachment of the follow-up report rather than of the form. */
  followup?: boolean;
  /** A receipt of this payout request rather than a file of the form. */
  payout_id?: number;
  /** When it came; now unless given (the demo's came with applications started in the past). */
  created_at?: Date;
}

/** Locks the application until the transaction ends and checks it is still a draft, so a send-in cannot race a change. */
export async function lockDraft(trx: Db, applicationId: number) {
  const current = await trx.selectFrom('applications').select('status').where('id', '=', applicationId).forUpdate().executeTakeFirst();
  if (!current) throw notFound();
  assertDraft(current);
}

/** Staff change the files of an application sent in (a paper one's scans); the applicant's draft is theirs (404). */
export async function staffApplicationOf(db: Db, applicationUuid: string, lock = false) {
  let query = db
    .selectFrom('applications')
    .select(['id', 'status', 'application_type_id'])
    .where('uuid', '=', applicationUuid)
    .where(reachableByStaff());
  if (lock) query = query.forUpdate();
  const application = await query.executeTakeFirst();
  if (!application) throw notFound();
  return application;
}

/** Whether the question is a media question of this application type. */
export async function isMediaQuestion(db: Db, questionId: number, applicationTypeId: number): Promise<boolean> {
  const question = await db
    .selectFrom('application_type_field_definitions')
    .select('id')
    .where('id', '=', questionId)
    .where('application_type_id', '=', applicationTypeId)
    .where('type', '=', enums.field_type.media)
    .executeTakeFirst();
  return !!question;
}

/** How many files, and how many bytes in all, one application may hold (UPLOAD_MAX_FILES/MB_PER_APPLICATION). */
export interface FileCaps {
  files: number;
  bytes: number;
}

/**
 * Refuses files that would take the application over its caps, counting every file it holds (the form's, the
 * dialogue's, the follow-up's): 422 when there would be too many, 413 when too large in all, beside `field`. With
 * `lock` it locks the application's row first, in the transaction that then stores the files, so uploads at the
 * same time are counted one after the other and cannot pass the cap together.
 */
export async function assertRoomForFiles(
  db: Db,
  applicationId: number,
  incoming: { count: number; bytes: number },
  caps: FileCaps,
  { field = 'file', lock = false } = {},
): Promise<void> {
  if (lock) await db.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().execute();
  const held = await db
    .selectFrom('application_files')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes')])
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  if (Number(held.count) + incoming.count > caps.files) {
    const params = { max: caps.files };
    throw new AppError(422, 'errors.application_files_full', {
      params,
      errors: { [field]: [{ key: 'errors.application_files_full', params }] },
    });
  }
  if (Number(held.bytes) + incoming.bytes > caps.bytes) {
    const mb = (bytes: number) => Math.floor((bytes / (1024 * 1024)) * 10) / 10;
    const params = { max: mb(caps.bytes), left: mb(Math.max(0, caps.bytes - Number(held.bytes))) };
    throw new AppError(413, 'errors.application_files_too_large', {
      params,
      errors: { [field]: [{ key: 'errors.application_files_too_large', params }] },
    });
  }
}

export function insertFile(db: Db, file: NewFile) {
  return db
    .insertInto('application_files')
    .values(file)
    .returning(['uuid', 'name', 'size', 'mime', 'field_definition_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the file's row if it belongs to the application's form; undefined when it does not. A message's attachment
 * stays with the message: what was written in the dialogue is not taken back; the follow-up's and the receipts are
 * their own.
 */
export function deleteFileRow(db: Db, applicationId: number, fileUuid: string) {
  return db
    .deleteFrom('application_files')
    .where('uuid', '=', fileUuid)
    .where('application_id', '=', applicationId)
    .where('message_id', 'is', null)
    .where('followup', '=', false)
    .where('payout_id', 'is', null)
    .returning(['uuid', 'name'])
    .executeTakeFirst();
}

/** Deletes an attachment of the application's follow-up; undefined when it is not one. */
export function deleteFollowupFileRow(db: Db, applicationId: number, fileUuid: string) {
  return db
    .deleteFrom('application_files')
    .where('uuid', '=', fileUuid)
    .where('application_id', '=', applicationId)
    .where('followup', '=', true)
    .returning(['uuid', 'name'])
    .executeTakeFirst();
}

/** A file of the application by id (any of its own: the form's, a message's, the follow-up's, a receipt), to download; undefined otherwise. */
export function fileOf(db: Db, applicationId: number, fileUuid: string) {
  return db
    .selectFrom('application_files')
    .select(['uuid', 'name', 'mime'])
    .where('uuid', '=', fileUuid)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/**
 * A file of the application by the application's uuid, to download for staff; `message_id` says it is a message's,
 * `followup` the follow-up's, `payout_id` a payout's receipt.
 */
export function fileOfApplicationUuid(db: Db, applicationUuid: string, fileUuid: string) {
  return db
    .selectFrom('application_files as f')
    .innerJoin('applications as a', 'a.id', 'f.application_id')
    .select(['f.uuid', 'f.name', 'f.mime', 'f.message_id', 'f.followup', 'f.payout_id', 'a.id as application_id'])
    .where('a.uuid', '=', applicationUuid)
    .where(reachableByStaff('a'))
    .where('f.uuid', '=', fileUuid)
    .executeTakeFirst();
}
