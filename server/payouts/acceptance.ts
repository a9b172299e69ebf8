import type { Locale } from '../../resources/locales.js';
import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { conditionsIn, releasedGrantOf } from './grants.js';

export interface AcceptanceInput {
  signatory_name: string;
  signatory_role: string;
  confirm: boolean;
}

/**
 * The applicant accepts the grant's conditions once (409 after), naming who signs for the organisation. Who (the
 * signed-in applicant), how they signed in (by e-ID, with the name its broker gave, or by an e-mailed link), when, from
 * which address and the conditions' text as shown are kept in the grant and the history; only then can money be asked
 * for.
 */
export async function acceptGrant(
  db: Db,
  applicationId: number,
  applicant: { id: number; eid_name: string | null },
  input: AcceptanceInput,
  context: { ip: string; locale: Locale; now: Date },
) {
  const signatory = { name: input.signatory_name.trim(), role: input.signatory_role.trim() };
  const errors: FieldErrors = {};
  for (const [field, value] of [
    ['signatory_name', signatory.name],
    ['signatory_role', signatory.role],
  ] as const) {
    if (!value) errors[field] = ['validation.required'];
  }
  if (input.confirm !== true) errors.confirm = ['validation.accepted'];
  if (Object.keys(errors).length) throw invalid(errors);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().executeTakeFirstOrThrow();
    const grant = await releasedGrantOf(trx, applicationId);
    if (grant.accepted_at) throw new AppError(409, 'errors.grant_already_accepted');
    const conditions = conditionsIn(grant, context.locale).text;
    await trx
      .updateTable('grants')
      .set({
        accepted_at: context.now,
        accepted_by: applicant.id,
        accepted_with: applicant.eid_name ? 'eid' : 'link',
        eid_name: applicant.eid_name,
        accepted_from: context.ip,
        signatory_name: signatory.name,
        signatory_role: signatory.role,
        accepted_conditions: conditions,
      })
      .where('application_id', '=', applicationId)
      .execute();
    await recordHistory(trx, {
      applicationId,
      userId: null,
      action: 'grant_accepted',
      after: {
        signatory_name: signatory.name,
        signatory_role: signatory.role,
        accepted_from: context.ip,
        accepted_by: applicant.id,
        accepted_with: applicant.eid_name ? 'eid' : 'link',
        eid_name: applicant.eid_name,
        conditions,
      },
    });
  });
}
