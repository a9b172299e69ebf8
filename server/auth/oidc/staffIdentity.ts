import type { Db } from '../../db/connect.js';
import { activeStaffByEmail } from '../staffAccounts.js';
import type { OidcClaims } from './relyingParty.js';

/**
 * The active staff user a single sign-on is, or null: the user its identity (issuer and subject) was linked to, so an
 * address changed at the organisation's provider still finds them; else the active user with the address the
 * provider gives (in any case; never one it says is unverified), to whom the identity is then linked.
 */
export function staffForIdentity(db: Db, claims: OidcClaims, now: Date): Promise<number | null> {
  const identity = { issuer: claims.issuer, subject: claims.subject };
  return db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom('oidc_identities as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['u.id', 'u.active'])
      .where('i.issuer', '=', identity.issuer)
      .where('i.subject', '=', identity.subject)
      .executeTakeFirst();
    let userId: number | null = null;
    if (linked) userId = linked.active ? linked.id : null;
    else if (claims.email && claims.email_verified !== false) {
      const user = await activeStaffByEmail(trx, claims.email);
      if (user) {
        await trx
          .insertInto('oidc_identities')
          .values({ ...identity, user_id: user.id, last_sign_in_at: now })
          .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
          .execute();
        userId = user.id;
      }
    }
    if (userId === null) return null;
    const touched = await trx
      .updateTable('oidc_identities')
      .set({ last_sign_in_at: now })
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // An identity that is an applicant's signs nobody in as staff.
    return touched.numUpdatedRows > 0n ? userId : null;
  });
}
