import { sql, type Kysely } from 'kysely';

/**
 * Reviewing together and deciding as a board (server/reviews/, server/meetings/):
 * - An application type's review criteria: a label and guidance per language, a scale from 1 to `scale_max`, a weight.
 * - A review is an investigation with the reviewer's declaration of a conflict of interest (null: not yet declared)
 *   and a score per criterion; `reviewed_at` is when the scores were sent in. A reviewer with a conflict scores
 *   nothing.
 * - The applications lists' review figures, kept by server/reviews/ in the writes' transactions as the lists sort and
 *   filter on them: the weighted score and the spread between reviewers in hundredths of a percent of the scale's top,
 *   the reviews in and those still pending (reviewers who stood aside count as neither).
 * - A board meeting of one period: when, where, the chair and the adjuster (justerare), the members present, and its
 *   agenda of applications; the board's decision on each is kept on its agenda line, so the minutes stay as decided.
 *   A member's declaration of a conflict of interest is kept per agenda line.
 * - Abilities: `manage-meetings` (admin) prepares meetings and enters their decisions; `attend-meetings` is the board
 *   member's, the only ability of the new role `styrelse`: to read the meetings one belongs to, and declare conflicts
 *   (the admin has every ability, this one too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_criteria (
      id serial PRIMARY KEY,
      application_type_id integer NOT NULL REFERENCES application_types ON DELETE CASCADE,
      label_sv text NOT NULL CHECK (length(label_sv) <= 200),
      label_en text NOT NULL CHECK (length(label_en) <= 200),
      guidance_sv text CHECK (length(guidance_sv) <= 2000),
      guidance_en text CHECK (length(guidance_en) <= 2000),
      scale_max smallint NOT NULL DEFAULT 5 CHECK (scale_max BETWEEN 2 AND 10),
      weight smallint NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 10),
      "order" integer NOT NULL DEFAULT 0 CHECK ("order" >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX review_criteria_type ON review_criteria (application_type_id, "order", id);
    CREATE INDEX review_criteria_label_sv ON review_criteria (label_sv COLLATE swedish, id);
    CREATE INDEX review_criteria_search ON review_criteria USING gin (search_fold(label_sv) gin_trgm_ops);

    ALTER TABLE investigations
      ADD COLUMN conflict_of_interest boolean,
      ADD COLUMN conflict_declared_at timestamptz,
      ADD COLUMN reviewed_at timestamptz;

    CREATE TABLE review_scores (
      investigation_id integer NOT NULL REFERENCES investigations ON DELETE CASCADE,
      criterion_id integer NOT NULL REFERENCES review_criteria ON DELETE CASCADE,
      score smallint NOT NULL CHECK (score BETWEEN 1 AND 10),
      PRIMARY KEY (investigation_id, criterion_id)
    );
    CREATE INDEX review_scores_criterion ON review_scores (criterion_id);

    ALTER TABLE applications
      ADD COLUMN review_score smallint CHECK (review_score BETWEEN 0 AND 10000),
      ADD COLUMN review_spread smallint CHECK (review_spread BETWEEN 0 AND 10000),
      ADD COLUMN reviews_in smallint NOT NULL DEFAULT 0 CHECK (reviews_in >= 0),
      ADD COLUMN reviews_pending smallint NOT NULL DEFAULT 0 CHECK (reviews_pending >= 0);

    INSERT INTO abilities (name) VALUES ('manage-meetings'), ('attend-meetings');
    INSERT INTO roles (name) VALUES ('styrelse');
    INSERT INTO role_abilities (role, ability) VALUES ('admin', 'manage-meetings'), ('admin', 'attend-meetings'), ('styrelse', 'attend-meetings');

    CREATE TABLE meetings (
      id serial PRIMARY KEY,
      period_id integer NOT NULL REFERENCES periods ON DELETE RESTRICT,
      held_on date NOT NULL,
      place text NOT NULL CHECK (length(place) <= 200),
      chair_id integer REFERENCES users ON DELETE RESTRICT,
      adjuster_id integer REFERENCES users ON DELETE RESTRICT,
      decided_at timestamptz,
      decided_by integer REFERENCES users ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX meetings_held_on ON meetings (held_on, id);
    CREATE INDEX meetings_period ON meetings (period_id, held_on, id);

    CREATE TABLE meeting_members (
      meeting_id integer NOT NULL REFERENCES meetings ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      PRIMARY KEY (meeting_id, user_id)
    );
    CREATE INDEX meeting_members_user ON meeting_members (user_id);

    CREATE TABLE meeting_agenda (
      meeting_id integer NOT NULL REFERENCES meetings ON DELETE CASCADE,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      -- The board's decision: the status it gave (approved or rejected) and the amount granted.
      decided_status smallint,
      decided_amount bigint CHECK (decided_amount >= 0),
      PRIMARY KEY (meeting_id, application_id)
    );
    CREATE INDEX meeting_agenda_application ON meeting_agenda (application_id);

    CREATE TABLE meeting_conflicts (
      meeting_id integer NOT NULL,
      application_id integer NOT NULL,
      user_id integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      conflict_of_interest boolean NOT NULL,
      declared_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (meeting_id, application_id, user_id),
      FOREIGN KEY (meeting_id, application_id) REFERENCES meeting_agenda ON DELETE CASCADE
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE meeting_conflicts, meeting_agenda, meeting_members, meetings;
    DELETE FROM abilities WHERE name IN ('manage-meetings', 'attend-meetings');
    DELETE FROM roles WHERE name = 'styrelse';
    ALTER TABLE applications DROP COLUMN review_score, DROP COLUMN review_spread, DROP COLUMN reviews_in, DROP COLUMN reviews_pending;
    DROP TABLE review_scores, review_criteria;
    ALTER TABLE investigations DROP COLUMN conflict_of_interest, DROP COLUMN conflict_declared_at, DROP COLUMN reviewed_at;
  `.execute(db);
}
