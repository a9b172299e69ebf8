import { sql, type Kysely } from 'kysely';

/**
 * People, not accounts, attest a payout: the approver may not be the one who prepared it, nor an account that one
 * created or gave `approve-payouts` in the last 90 days (server/payouts/attestation.ts). So:
 * - `users.created_by`: the administrator who created the account (null: before this, or the system's own);
 * - `payout_ability_changes`: every grant and withdrawal of `manage-payouts` or `approve-payouts` to an account, by
 *   its role or by an ability for a period (`period_id`; null: every period), when and by whom, written once. What
 *   the accounts hold now is written as granted by no one, so that later changes are told from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN created_by integer REFERENCES users ON DELETE SET NULL;

    CREATE TABLE payout_ability_changes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      ability text NOT NULL CHECK (ability IN ('manage-payouts', 'approve-payouts')),
      via text NOT NULL CHECK (via IN ('role', 'ability')),
      period_id integer,
      change text NOT NULL CHECK (change IN ('granted', 'revoked')),
      changed_by integer REFERENCES users ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payout_ability_changes_user ON payout_ability_changes (user_id, ability, changed_at);

    CREATE FUNCTION payout_ability_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'payout ability changes are written once' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER payout_ability_changes_append_only BEFORE UPDATE ON payout_ability_changes
      FOR EACH ROW EXECUTE FUNCTION payout_ability_changes_append_only();

    INSERT INTO payout_ability_changes (user_id, ability, via, period_id, change)
    SELECT u.id, r.ability, 'role', NULL, 'granted'
      FROM users u JOIN role_abilities r ON r.role = u.role
     WHERE r.ability IN ('manage-payouts', 'approve-payouts')
    UNION ALL
    SELECT a.user_id, a.ability, 'ability', a.entity_id, 'granted'
      FROM user_abilities a
     WHERE a.ability IN ('manage-payouts', 'approve-payouts');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payout_ability_changes;
    DROP FUNCTION payout_ability_changes_append_only();
    ALTER TABLE users DROP COLUMN created_by;
  `.execute(db);
}
