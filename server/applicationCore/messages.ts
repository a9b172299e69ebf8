import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid } from '../errors.js';
import { MAX_MESSAGE_LENGTH } from '../../resources/dialogue.js';
import { assertRoomForFiles, type FileCaps } from './files.js';
import { recordHistory } from './history.js';
import { isPlainText } from '../../resources/plainText.js';
import { personName } from '../../resources/users.js';

// The dialogue of an application sent in: its messages, their attachments (rows of application_files
// with a message_id; the bytes are in server/uploads/) and the "unread messages" flag of the staff lists.

// The table's CHECK says the same.
export { MAX_MESSAGE_LENGTH };

/** Who reads the thread: the applicant sees "the foundation" where staff see which of them wrote. */
export type Audience = 'applicant' | 'staff';

/** Only an application sent in has a dialogue: a draft is still the applicant's alone (422). */
export function assertDialogueOpen(application: { status: number }, key = 'errors.dialogue_not_open') {
  if (application.status === enums.application_status.draft) throw new AppError(422, key);
}

/**
 * A message's text as stored: plain text (shown as text, never as HTML), trimmed, required, at most
 * MAX_MESSAGE_LENGTH characters; a 422 with the field error otherwise.
 */
export function messageText(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid({ body: [raw === undefined || raw === null ? 'validation.required' : 'validation.string'] });
  const text = raw.trim();
  if (text === '') throw invalid({ body: ['validation.required'] });
  if ([...text].length > MAX_MESSAGE_LENGTH)
    throw invalid({ body: [{ key: 'validation.max_string', params: { limit: MAX_MESSAGE_LENGTH } }] });
  if (!isPlainText(text)) throw invalid({ body: ['validation.plain_text'] });
  return text;
}

/**
 * Whether the staff user may read the application's dialogue: those who manage applications, and investigators
 * put on this application (the correspondence with the applicant is not for every investigator of the period).
 */
export async function mayReadDialogue(db: Db, applicationId: number, staff: { id: number; manages: boolean }): Promise<boolean> {
  if (staff.manages) return true;
  const assigned = await db
    .selectFrom('investigations')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', staff.id)
    .executeTakeFirst();
  return !!assigned;
}

/** A stored attachment of a new message: already moved into place under its uuid. */
export interface NewMessageFile {
  uuid: string;
  name: string;
  mime: string;
  size: number;
  is_agreement: boolean;
}

export interface NewMessage {
  applicationId: number;
  /** The staff user who writes; null when the applicant does. */
  staffId: number | null;
  body: string;
  isWelcomeMessage: boolean;
  files: NewMessageFile[];
  /** The application's file caps, which the message's files must fit in. */
  fileCaps: FileCaps;
}

/**
 * What else a stored message causes, run inside its transaction so it happens with the message or not at all: the
 * notifications of staff, the mail to the applicant.
 */
export type AfterMessage = (trx: Db, message: { id: number; isWelcomeMessage: boolean }) => Promise<unknown>;

const welcomeIndex = 'application_messages_one_welcome';

/**
 * Stores a message with its attachments in one transaction, or nothing. The applicant's message raises the
 * application's "unread messages" flag; staff's is recorded in the history; `after` runs last, in the same
 * transaction. A second welcome message is a 422, also
 * when two are sent at once (the unique index decides, and the later one's transaction is rolled back).
 */
export async function insertMessage(db: Db, message: NewMessage, after?: AfterMessage): Promise<number> {
  const fromApplicant = message.staffId === null;
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('application_messages')
        .values({
          application_id: message.applicationId,
          from_applicant: fromApplicant,
          user_id: message.staffId,
          body: message.body,
          is_welcome_message: message.isWelcomeMessage,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (message.files.length) {
        const bytes = message.files.reduce((sum, file) => sum + file.size, 0);
        await assertRoomForFiles(trx, message.applicationId, { count: message.files.length, bytes }, message.fileCaps, {
          field: 'files',
          lock: true,
        });
        await trx
          .insertInto('application_files')
          .values(message.files.map((file) => ({ ...file, application_id: message.applicationId, message_id: id })))
          .execute();
      }
      if (fromApplicant) {
        await trx.updateTable('applications').set({ unread_messages: true }).where('id', '=', message.applicationId).execute();
      } else {
        await recordHistory(trx, {
          applicationId: message.applicationId,
          userId: message.staffId,
          action: 'message_sent',
          after: { is_welcome_message: message.isWelcomeMessage, files: message.files.map((f) => f.name) },
        });
      }
      await after?.(trx, { id, isWelcomeMessage: message.isWelcomeMessage });
      return id;
    });
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === welcomeIndex) throw welcomeTaken();
    throw error;
  }
}

const welcomeTaken = () => invalid({ is_welcome_message: ['errors.welcome_message_exists'] }, 'errors.welcome_message_exists');

/** Whether the application has its welcome message already (checked before the files are stored; the index decides). */
export async function assertNoWelcomeMessage(db: Db, applicationId: number) {
  const existing = await db
    .selectFrom('application_messages')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('is_welcome_message', '=', true)
    .executeTakeFirst();
  if (existing) throw welcomeTaken();
}

/**
 * The thread, oldest first, each message with its attachments, as `audience` reads it; `messageId` picks one (what a
 * new message answers). Staff see which of them wrote; the applicant sees "the foundation", since they write to the
 * foundation rather than to a person: the case passes between staff (and staff leave), and the names of employees
 * are not handed out to every applicant.
 */
export async function threadOf(db: Db, applicationId: number, audience: Audience, messageId?: number) {
  const messages = await db
    .selectFrom('application_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.uuid',
      'm.from_applicant',
      'm.body',
      'm.is_welcome_message',
      'm.created_at',
      'm.read_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ])
    .where('m.application_id', '=', applicationId)
    .$if(messageId !== undefined, (q) => q.where('m.id', '=', messageId!))
    .orderBy('m.id')
    .execute();
  // The thread's attachments in one query by the application (its index), rather than a list of 500 message ids.
  const files = messages.length
    ? await db
        .selectFrom('application_files')
        .select(['message_id', 'uuid', 'name', 'size', 'mime', 'is_agreement', 'created_at'])
        .where('application_id', '=', applicationId)
        .$if(messageId === undefined, (q) => q.where('message_id', 'is not', null))
        .$if(messageId !== undefined, (q) => q.where('message_id', '=', messageId!))
        .orderBy('id')
        .execute()
    : [];
  const filesOf = new Map<number, Omit<(typeof files)[number], 'message_id'>[]>();
  for (const { message_id: id, ...file } of files) filesOf.set(id!, [...(filesOf.get(id!) ?? []), file]);
  return messages.map((m) => ({
    uuid: m.uuid,
    from: m.from_applicant ? ('applicant' as const) : ('foundation' as const),
    ...(audience === 'staff' ? { user: m.user_id === null ? null : { id: m.user_id, name: personName(m.first_name, m.last_name) } } : {}),
    body: m.body,
    is_welcome_message: m.is_welcome_message,
    created_at: m.created_at,
    read_at: m.read_at,
    files: filesOf.get(m.id) ?? [],
  }));
}
export type ThreadMessage = Awaited<ReturnType<typeof threadOf>>[number];

/** The applicant has read the thread: staff's messages not yet read are marked read now. */
export async function markReadByApplicant(db: Db, applicationId: number) {
  await db
    .updateTable('application_messages')
    .set({ read_at: new Date() })
    .where('application_id', '=', applicationId)
    .where('from_applicant', '=', false)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Staff have read the thread, up to the message `upTo` (a uuid) when given, so a message the applicant wrote after
 * staff loaded the thread stays unread: the applicant's messages up to there are marked read, and the "unread
 * messages" mark stays only while one of theirs is still unread. The mark is set in the same statement that looks,
 * on the application's row, so an applicant's message being stored at the same time still leaves it set.
 */
export async function markReadByStaff(db: Db, applicationId: number, upTo?: string) {
  await db.transaction().execute(async (trx) => {
    let last: number | undefined;
    if (upTo !== undefined) {
      const message = await trx
        .selectFrom('application_messages')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('uuid', '=', upTo)
        .executeTakeFirst();
      if (!message) throw invalid({ up_to: ['validation.in'] });
      last = message.id;
    }
    await trx
      .updateTable('application_messages')
      .set({ read_at: new Date() })
      .where('application_id', '=', applicationId)
      .where('from_applicant', '=', true)
      .where('read_at', 'is', null)
      .$if(last !== undefined, (q) => q.where('id', '<=', last!))
      .execute();
    await trx
      .updateTable('applications')
      .set((eb) => ({
        unread_messages: eb
          .exists(
            eb
              .selectFrom('application_messages as m')
              .select('m.id')
              .where('m.application_id', '=', applicationId)
              .where('m.from_applicant', '=', true)
              .where('m.read_at', 'is', null),
          )
          .$castTo<boolean>(),
      }))
      .where('id', '=', applicationId)
      .execute();
  });
}
