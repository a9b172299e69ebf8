import { sql } from 'kysely';
import { personName } from '../../resources/users.js';
import { defaultLocale, isLocale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { translator } from '../i18n.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/outbox.js';

// Who may prepare and who may approve payouts changes only in the open: every grant and withdrawal of a payout ability
// is written to `payout_ability_changes` (migration 0040) with when and by whom, and mailed to every other active
// administrator; and an approver is a person other than the preparer (approverRelation(), read by the attest).

type Change = Database['payout_ability_changes'];
export type PayoutAbility = Change['ability'];
const payoutAbilities: PayoutAbility[] = ['manage-payouts', 'approve-payouts'];

/** A payout ability as an account holds it: by its role, or by an ability for a period (null: every period). */
interface Grant {
  ability: PayoutAbility;
  via: Change['via'];
  period_id: number | null;
}
const keyOf = (grant: Grant) => `${grant.ability}|${grant.via}|${grant.period_id ?? ''}`;

/** The payout abilities the account holds now. */
async function heldNow(trx: Db, userId: number): Promise<Grant[]> {
  const byRole = await trx
    .selectFrom('users as u')
    .innerJoin('role_abilities as r', 'r.role', 'u.role')
    .select('r.ability')
    .where('u.id', '=', userId)
    .where('u.active', '=', true)
    .where('r.ability', 'in', payoutAbilities)
    .execute();
  const byAbility = await trx
    .selectFrom('user_abilities as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.ability', 'a.entity_id'])
    .where('a.user_id', '=', userId)
    .where('u.active', '=', true)
    .where('a.ability', 'in', payoutAbilities)
    .execute();
  return [
    ...byRole.map((row) => ({ ability: row.ability as PayoutAbility, via: 'role' as const, period_id: null })),
    ...byAbility.map((row) => ({ ability: row.ability as PayoutAbility, via: 'ability' as const, period_id: row.entity_id })),
  ];
}

/** The payout abilities the record says the account holds: the last change of each was a grant. */
async function heldAsRecorded(trx: Db, userId: number): Promise<Grant[]> {
  const { rows } = await sql<Grant & { change: Change['change'] }>`
    SELECT DISTINCT ON (ability, via, period_id) ability, via, period_id, change
      FROM payout_ability_changes WHERE user_id = ${userId}
     ORDER BY ability, via, period_id, id DESC
  `.execute(trx);
  return rows.filter((row) => row.change === 'granted');
}

/**
 * Records what changed in the account's payout abilities since the record last said (after an account is created,
 * edited or imported, in one transaction), by `actorId`, and mails every other active administrator each change.
 * Answers how many changes it recorded.
 */
export async function recordPayoutAbilityChanges(
  db: Db,
  mail: { mailer: Pick<Mailer, 'queue'>; publicUrl: string },
  userId: number,
  actorId: number | null,
): Promise<number> {
  const now = new Map((await heldNow(db, userId)).map((grant) => [keyOf(grant), grant]));
  const recorded = new Map((await heldAsRecorded(db, userId)).map((grant) => [keyOf(grant), grant]));
  const changes = [
    ...[...now].filter(([key]) => !recorded.has(key)).map(([, grant]) => ({ ...grant, change: 'granted' as const })),
    ...[...recorded].filter(([key]) => !now.has(key)).map(([, grant]) => ({ ...grant, change: 'revoked' as const })),
  ];
  if (!changes.length) return 0;
  await db
    .insertInto('payout_ability_changes')
    .values(changes.map((change) => ({ ...change, user_id: userId, changed_by: actorId })))
    .execute();
  await mailAdministrators(db, mail, userId, actorId, changes);
  return changes.length;
}

/**
 * Writes what every account holds now as held from the start, granted by no one, for the accounts the record knows
 * nothing of (the demo's, seeded as rows), so that only later changes are told as changes.
 */
export async function recordPayoutAbilitiesHeld(db: Db): Promise<void> {
  await sql`
    INSERT INTO payout_ability_changes (user_id, ability, via, period_id, change)
    SELECT u.id, r.ability, 'role', NULL, 'granted'
      FROM users u JOIN role_abilities r ON r.role = u.role
     WHERE r.ability IN ('manage-payouts', 'approve-payouts') AND u.active
       AND NOT EXISTS (SELECT 1 FROM payout_ability_changes c WHERE c.user_id = u.id)
    UNION ALL
    SELECT a.user_id, a.ability, 'ability', a.entity_id, 'granted'
      FROM user_abilities a JOIN users u ON u.id = a.user_id
     WHERE a.ability IN ('manage-payouts', 'approve-payouts') AND u.active
       AND NOT EXISTS (SELECT 1 FROM payout_ability_changes c WHERE c.user_id = a.user_id)
  `.execute(db);
}

/** Mails each active administrator but the one who made the changes what they were. */
async function mailAdministrators(
  db: Db,
  mail: { mailer: Pick<Mailer, 'queue'>; publicUrl: string },
  userId: number,
  actorId: number | null,
  changes: (Grant & { change: Change['change'] })[],
) {
  const people = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [userId, actorId ?? userId])
    .execute();
  const nameOf = (id: number | null) => {
    const person = people.find((p) => p.id === id);
    return person ? personName(person.first_name, person.last_name) || person.email : '';
  };
  const periods = await db
    .selectFrom('periods')
    .select(['id', 'name'])
    .where('id', 'in', [-1, ...changes.flatMap((c) => (c.period_id === null ? [] : [c.period_id]))])
    .execute();
  const administrators = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .$if(actorId !== null, (q) => q.where('id', '<>', actorId!))
    .execute();
  for (const admin of administrators) {
    const t = translator(isLocale(admin.locale) ? admin.locale : defaultLocale);
    const lines = changes.map((c) =>
      t(`mail.payout_ability_changed.${c.change}`, {
        ability: t(`mail.payout_ability_changed.abilities.${c.ability}`),
        where: c.period_id === null ? t('mail.payout_ability_changed.everywhere') : (periods.find((p) => p.id === c.period_id)?.name ?? ''),
      }),
    );
    await mail.mailer.queue(
      {
        to: admin.email,
        locale: admin.locale,
        name: admin.first_name,
        template: 'payout_ability_changed',
        params: {
          user: nameOf(userId),
          actor: nameOf(actorId),
          changes: lines.join('\n'),
          link: `${mail.publicUrl}/admin/users/${userId}`,
        },
      },
      db,
    );
  }
}

/**
 * Why `approverId` may not approve a payout `preparerId` prepared, or null: the same person, an account the preparer
 * created, or one the preparer gave `approve-payouts`, within 90 days of `now`.
 */
export async function approverRelation(trx: Db, approverId: number, preparerId: number, now: Date): Promise<string | null> {
  if (approverId === preparerId) return 'errors.payout_same_attester';
  const since = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
  const created = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', approverId)
    .where('created_by', '=', preparerId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (created) return 'errors.payout_approver_created_by_preparer';
  const granted = await trx
    .selectFrom('payout_ability_changes')
    .select('id')
    .where('user_id', '=', approverId)
    .where('ability', '=', 'approve-payouts')
    .where('change', '=', 'granted')
    .where('changed_by', '=', preparerId)
    .where('changed_at', '>', since)
    .executeTakeFirst();
  return granted ? 'errors.payout_approver_granted_by_preparer' : null;
}

/** Every grant and withdrawal of a payout ability to the user, newest first: what, by role or for which period, by whom. */
export function payoutAbilityChangesOf(db: Db, userId: number) {
  return db
    .selectFrom('payout_ability_changes as c')
    .leftJoin('periods as p', 'p.id', 'c.period_id')
    .leftJoin('users as by', 'by.id', 'c.changed_by')
    .select([
      'c.id',
      'c.ability',
      'c.via',
      'c.change',
      'c.changed_at',
      'p.id as period_id',
      'p.name as period_name',
      sql<string | null>`CASE WHEN by.id IS NULL THEN NULL ELSE concat_ws(' ', by.first_name, by.last_name) END`.as('changed_by'),
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .limit(500)
    .execute();
}
