import { sql, type Kysely } from 'kysely';

/**
 * A decision one person took outside a meeting (by delegation), once the applicant was told it, is changed only by
 * two: one asks for the change with the reason (a row here, open), another approves it, which makes it the decision,
 * or rejects it; the one who asked may withdraw it (server/applications/decisionChanges.ts). Rows are never deleted
 * and settled once; an application has at most one change open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE decision_changes (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      status smallint NOT NULL,
      approved_money bigint CHECK (approved_money >= 0),
      approved_fou bigint CHECK (approved_fou >= 0),
      approved_nok bigint CHECK (approved_nok >= 0),
      global_goals smallint[],
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
      asked_by integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      asked_at timestamptz NOT NULL DEFAULT now(),
      outcome text CHECK (outcome IN ('approved', 'rejected', 'withdrawn')),
      settled_by integer REFERENCES users ON DELETE RESTRICT,
      settled_at timestamptz,
      CONSTRAINT decision_changes_settled CHECK ((outcome IS NULL) = (settled_at IS NULL) AND (outcome IS NULL) = (settled_by IS NULL)),
      CONSTRAINT decision_changes_second_person CHECK (outcome IS DISTINCT FROM 'approved' OR settled_by <> asked_by)
    );
    CREATE UNIQUE INDEX decision_changes_open ON decision_changes (application_id) WHERE outcome IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE decision_changes`.execute(db);
}
