import { sql, type Kysely } from 'kysely';

/**
 * An application type's eligibility check (server/eligibility/): its questions in order, each yes/no or one of a few
 * options, with the answers that disqualify and the explanation shown then, in Swedish and English.
 *
 * An application keeps the questions and answers as they were asked when its draft was made (`eligibility_answers`,
 * null where no check was asked). The stops are counted per question, period and day in Stockholm, naming nobody; a
 * question removed later keeps its counts, under the words it had when last stopped at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE eligibility_questions (
      id serial PRIMARY KEY,
      application_type_id integer NOT NULL REFERENCES application_types ON DELETE CASCADE,
      position integer NOT NULL,
      question text NOT NULL,
      question_en text,
      kind text NOT NULL CHECK (kind IN ('yes_no', 'choice')),
      options jsonb NOT NULL DEFAULT '[]',
      disqualifying jsonb NOT NULL DEFAULT '[]',
      explanation text NOT NULL,
      explanation_en text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX eligibility_questions_type ON eligibility_questions (application_type_id, position);

    ALTER TABLE applications ADD COLUMN eligibility_answers jsonb;

    CREATE TABLE eligibility_stops (
      id serial PRIMARY KEY,
      application_type_id integer NOT NULL REFERENCES application_types ON DELETE CASCADE,
      question_id integer REFERENCES eligibility_questions ON DELETE SET NULL,
      question text NOT NULL,
      question_en text,
      period_id integer NOT NULL REFERENCES periods ON DELETE CASCADE,
      day date NOT NULL,
      count integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX eligibility_stops_key ON eligibility_stops (question_id, period_id, day) WHERE question_id IS NOT NULL;
    CREATE INDEX eligibility_stops_period ON eligibility_stops (period_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE eligibility_stops;
    ALTER TABLE applications DROP COLUMN eligibility_answers;
    DROP TABLE eligibility_questions;
  `.execute(db);
}
