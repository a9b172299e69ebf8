import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { enums } from '../../resources/enums.js';

/**
 * The signed-in applicant's own application by uuid. Another applicant's application answers 404 exactly as an
 * unknown one does, so uuids cannot be probed.
 */
export async function ownApplication(db: Db, request: FastifyRequest, uuid: string) {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('frontend_user_id', '=', request.applicant!.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Only a draft can be changed by its applicant: once sent in, it is the foundation's record. */
export function assertDraft(application: { status: number }) {
  if (application.status !== enums.application_status.draft) throw new AppError(409, 'errors.not_a_draft');
}

/** A route parameter that is a uuid (anything else is a 404 without a database error). */
export const uuidPattern = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
