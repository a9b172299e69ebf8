import { reachableByStaff } from './handled.js';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import { assertDraft } from './own.js';

// The queries of an application's files (SPEC.md §2): the rows; the bytes are in server/uploads/.

export interface NewFile {
  uuid: string;
  application_id: number;
  field_definition_id: number | null;
  name: string;
  mime: string;
  size: number;
  /** An attachment of the follow-up report rather than of the form. */
  followup?: boolean;
}

/** Locks the application until the transaction ends and checks it is still a draft, so a send-in cannot race a change. */
export async function lockDraft(trx: Db, applicationId: number) {
  const current = await trx.selectFrom('applications').select('status').where('id', '=', applicationId).forUpdate().executeTakeFirst();
  if (!current) throw notFound();
  assertDraft(current);
}

/** Staff change the files of an application sent in (a paper one's scans); the applicant's draft is theirs (409). */
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

export function insertFile(db: Db, file: NewFile) {
  return db
    .insertInto('application_files')
    .values(file)
    .returning(['uuid', 'name', 'size', 'mime', 'field_definition_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the file's row if it belongs to the application's form; undefined when it does not. A message's attachment
 * stays with the message: what was written in the dialogue is not taken back; the follow-up's are its own.
 */
export function deleteFileRow(db: Db, applicationId: number, fileUuid: string) {
  return db
    .deleteFrom('application_files')
    .where('uuid', '=', fileUuid)
    .where('application_id', '=', applicationId)
    .where('message_id', 'is', null)
    .where('followup', '=', false)
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

/** A file of the application by id (the form's or a message's), to download; undefined when it is not one of its own. */
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
 * `followup` the follow-up's.
 */
export function fileOfApplicationUuid(db: Db, applicationUuid: string, fileUuid: string) {
  return db
    .selectFrom('application_files as f')
    .innerJoin('applications as a', 'a.id', 'f.application_id')
    .select(['f.uuid', 'f.name', 'f.mime', 'f.message_id', 'f.followup', 'a.id as application_id'])
    .where('a.uuid', '=', applicationUuid)
    .where(reachableByStaff('a'))
    .where('f.uuid', '=', fileUuid)
    .executeTakeFirst();
}
