import type { Db } from '../../db/connect.js';
import { checkSignal } from '../../signals/checkSignal.js';
import { compareWaitingDescriptions } from '../../signals/descriptions.js';

/**
 * The signals of the demo's applications, as the app raises them (server/signals/): the send-ins raised those of one
 * organisation number from two accounts in this year's period (the athletics club's and the culture association's);
 * here their descriptions are compared, as the job does after a send-in, and the culture association's are marked
 * checked by the administrator with a reason, so a newcomer sees both an unchecked signal (the club's, under the
 * list's "Okontrollerade signaler") and a checked one with its history.
 */
export async function seedSignals(trx: Db, today: Date) {
  await compareWaitingDescriptions(trx);
  const admin = await trx.selectFrom('users').select('id').where('email', '=', 'admin@demo.se').executeTakeFirstOrThrow();
  const culture = await trx
    .selectFrom('application_signals as s')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .select(['s.id', 's.application_id'])
    .where('s.kind', '=', 'organisation_accounts')
    .where('a.org_name', 'like', 'Kulturföreningen%')
    .execute();
  for (const signal of culture) {
    await checkSignal(
      trx,
      signal.application_id,
      signal.id,
      admin.id,
      'Ordföranden har bekräftat i telefon: två olika projekt av samma förening, båda sökta med styrelsens vetskap.',
      today,
    );
  }
}
