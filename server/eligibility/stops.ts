import { sql } from 'kysely';
import { textIn } from '../../resources/contentLanguage.js';
import type { EligibilityQuestion } from '../../resources/eligibility.js';
import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';

/**
 * Counts one applicant stopped at `question` of a type's check in a period on `day` (in Stockholm): a tally, naming
 * nobody. The question's words are kept with the count, so a question removed later is still named in the statistics.
 */
export async function countStop(
  db: Db,
  stop: {
    applicationTypeId: number;
    question: Pick<EligibilityQuestion, 'id' | 'question' | 'question_en'>;
    periodId: number;
    day: string;
  },
) {
  const { applicationTypeId, question, periodId, day } = stop;
  await sql`
    INSERT INTO eligibility_stops (application_type_id, question_id, question, question_en, period_id, day, count)
    VALUES (${applicationTypeId}, ${question.id}, ${question.question}, ${question.question_en}, ${periodId}, ${day}, 1)
    ON CONFLICT (question_id, period_id, day) WHERE question_id IS NOT NULL
    DO UPDATE SET count = eligibility_stops.count + 1, question = excluded.question, question_en = excluded.question_en
  `.execute(db);
}

interface StopRow {
  application_type_id: number;
  label: string;
  label_en: string | null;
  question_id: number | null;
  question: string;
  question_en: string | null;
  stops: number;
}

/**
 * How many stopped at each question, per application type, of the periods given (null: every period): the types by
 * Swedish name, their questions in order (a removed one last, by the words it had), each in the reader's language.
 */
export async function stopsByQuestion(db: Db, periods: number[] | null, locale: Locale) {
  const { rows } = await sql<StopRow>`
    SELECT s.application_type_id, t.label, t.label_en, q.id AS question_id,
           CASE WHEN q.id IS NULL THEN s.question ELSE q.question END AS question,
           CASE WHEN q.id IS NULL THEN s.question_en ELSE q.question_en END AS question_en,
           sum(s.count)::int AS stops
    FROM eligibility_stops s
    JOIN application_types t ON t.id = s.application_type_id
    LEFT JOIN eligibility_questions q ON q.id = s.question_id
    WHERE ${periods === null ? sql`true` : sql`s.period_id = ANY(${periods}::int[])`}
    GROUP BY s.application_type_id, t.label, t.label_en, q.id, q.position, 5, 6
    ORDER BY t.label COLLATE swedish, s.application_type_id, q.position NULLS LAST, 5
  `.execute(db);
  const types = new Map<
    number,
    {
      application_type_id: number;
      label: string;
      stops: number;
      questions: { question_id: number | null; question: string; stops: number }[];
    }
  >();
  for (const row of rows) {
    let type = types.get(row.application_type_id);
    if (!type) {
      type = { application_type_id: row.application_type_id, label: textIn(locale, row.label, row.label_en).text, stops: 0, questions: [] };
      types.set(row.application_type_id, type);
    }
    type.stops += row.stops;
    type.questions.push({ question_id: row.question_id, question: textIn(locale, row.question, row.question_en).text, stops: row.stops });
  }
  return [...types.values()];
}
