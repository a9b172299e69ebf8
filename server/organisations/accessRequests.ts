import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { defaultLocale, isLocale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound } from '../errors.js';
import { translator } from '../i18n.js';
import { receiveUpload } from '../uploads/receive.js';
import { removeFile, type FileStorage } from '../uploads/storage.js';
import { recordOrganisationHistory } from './history.js';
import { lockOrganisation, putMember } from './members.js';
import type { OrganisationMailDeps } from './organisationMails.js';

/**
 * A person asks staff for access to an organisation nobody is left in (its members all left, or the last erased their
 * account), with a reason: the new chair, say, with the annual meeting's minutes. An organisation with members is a
 * 409 (a signatory invites), as is a second request of the same person waiting still. In the organisation's history.
 */
export async function askForAccess(db: Db, organisationId: number, applicantId: number, reason: string, now: Date) {
  const why = reason.trim();
  if (!why) throw invalid({ reason: ['validation.required'] });
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, organisationId);
    const anyone = await trx
      .selectFrom('organisation_members')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .limit(1)
      .executeTakeFirst();
    if (anyone) throw new AppError(409, 'errors.organisation_has_members');
    const waiting = await trx
      .selectFrom('organisation_access_requests')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('frontend_user_id', '=', applicantId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) throw new AppError(409, 'errors.access_already_requested');
    const row = await trx
      .insertInto('organisation_access_requests')
      .values({ organisation_id: organisationId, frontend_user_id: applicantId, reason: why, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOrganisationHistory(
      trx,
      { organisationId, action: 'access_requested', byApplicant: applicantId, details: { reason: why } },
      now,
    );
    return row.id;
  });
}

/** The requests for access, those waiting first (oldest first), then the decided ones (newest first). */
export function accessRequests(db: Db) {
  return db
    .selectFrom('organisation_access_requests as r')
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .innerJoin('frontend_users as f', 'f.id', 'r.frontend_user_id')
    .leftJoin('users as u', 'u.id', 'r.decided_by')
    .select([
      'r.id',
      'r.organisation_id',
      'o.name as organisation_name',
      'o.org_number',
      'r.frontend_user_id',
      'f.first_name',
      'f.last_name',
      'f.email',
      'r.reason',
      'r.file_name',
      'r.file_size',
      'r.status',
      'r.created_at',
      'r.decided_at',
      'r.decision_reason',
      'u.first_name as decided_by_first_name',
      'u.last_name as decided_by_last_name',
    ])
    .orderBy((eb) => eb.case().when('r.status', '=', 'pending').then(0).else(1).end())
    .orderBy((eb) =>
      eb
        .case()
        .when('r.status', '=', 'pending')
        .then(eb.ref('r.id'))
        .else(eb.neg(eb.ref('r.id')))
        .end(),
    )
    .limit(500)
    .execute();
}

/**
 * Staff grant a waiting request (the person becomes the organisation's signatory) or refuse it, with a reason either
 * way; once (409 after). In the organisation's history; the person is mailed the outcome in their language.
 */
export async function decideAccess(
  db: Db,
  deps: OrganisationMailDeps,
  requestId: number,
  decision: 'granted' | 'refused',
  staffId: number,
  reason: string,
  now: Date,
) {
  const why = reason.trim();
  if (decision === 'refused' && !why) throw invalid({ reason: ['validation.required'] });
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('organisation_access_requests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound();
    if (request.status !== 'pending') throw new AppError(409, 'errors.access_request_decided');
    const organisation = await lockOrganisation(trx, request.organisation_id);
    await trx
      .updateTable('organisation_access_requests')
      .set({ status: decision, decided_by: staffId, decided_at: now, decision_reason: why || null })
      .where('id', '=', request.id)
      .execute();
    const details = { reason: why || null, request_id: request.id };
    if (decision === 'granted') {
      await putMember(
        trx,
        organisation.id,
        request.frontend_user_id,
        'signatory',
        { action: 'access_granted', byUser: staffId, details },
        now,
      );
    } else {
      await recordOrganisationHistory(
        trx,
        { organisationId: organisation.id, action: 'access_refused', byUser: staffId, about: request.frontend_user_id, details },
        now,
      );
    }
    const person = await trx
      .selectFrom('frontend_users')
      .select(['email', 'first_name', 'locale', 'active'])
      .where('id', '=', request.frontend_user_id)
      .executeTakeFirstOrThrow();
    if (!person.active || !person.email.trim()) return;
    const locale = isLocale(person.locale) ? person.locale : defaultLocale;
    await deps.mailer.queue(
      {
        to: person.email,
        locale,
        name: person.first_name,
        template: `organisation_access_${decision}`,
        params: {
          organisation: organisation.name,
          reason: why || translator(locale)('mail.organisation_access_no_reason'),
          link: `${deps.config.publicUrl}/organisationer/${organisation.id}`,
        },
      },
      trx,
    );
  });
  deps.mailer.deliverSoon();
}

/**
 * Attaches a file to the person's own request while it waits (the annual meeting's minutes, say): the upload rules of
 * the application's files (type from the bytes, UPLOAD_MAX_MB), kept privately under a uuid, replacing any earlier one;
 * 404 for another's request, 409 once decided. On any failure nothing stays kept. Answers the file's name and size.
 */
export async function attachToAccessRequest(
  db: Db,
  files: { storage: FileStorage; dataDir: string; uploadMaxBytes: number },
  request: FastifyRequest,
  ids: { organisationId: number; requestId: number; applicantId: number },
) {
  const waiting = () =>
    db
      .selectFrom('organisation_access_requests')
      .select(['id', 'status', 'file_key'])
      .where('id', '=', ids.requestId)
      .where('organisation_id', '=', ids.organisationId)
      .where('frontend_user_id', '=', ids.applicantId);
  const before = await waiting().executeTakeFirst();
  if (!before) throw notFound();
  if (before.status !== 'pending') throw new AppError(409, 'errors.access_request_decided');
  const upload = await receiveUpload(request, { dataDir: files.dataDir, maxBytes: files.uploadMaxBytes, fields: [] });
  const key = randomUUID();
  try {
    await files.storage.keep(key, upload.tempPath, upload.mime);
    const replaced = await db.transaction().execute(async (trx) => {
      const row = await waiting().forUpdate().executeTakeFirstOrThrow();
      if (row.status !== 'pending') throw new AppError(409, 'errors.access_request_decided');
      await trx
        .updateTable('organisation_access_requests')
        .set({ file_key: key, file_name: upload.name, file_mime: upload.mime, file_size: upload.size })
        .where('id', '=', row.id)
        .execute();
      return row.file_key;
    });
    if (replaced) await files.storage.remove([replaced]);
    return { name: upload.name, size: upload.size };
  } catch (error) {
    await removeFile(upload.tempPath);
    await files.storage.remove([key]);
    throw error;
  }
}

/** The file of a request for access, as staff download it; 404 when it has none. */
export async function accessRequestFile(db: Db, requestId: number) {
  const row = await db
    .selectFrom('organisation_access_requests')
    .select(['file_key', 'file_name', 'file_mime'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!row?.file_key || !row.file_name || !row.file_mime) throw notFound();
  return { uuid: row.file_key, name: row.file_name, mime: row.file_mime };
}
