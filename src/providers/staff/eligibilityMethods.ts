import type { HttpClient } from '../httpClient';
import type { EligibilityInput, EligibilityQuestionRow, EligibilityStops, Unwrap } from '../staffMethods';

/**
 * An application type's eligibility check ("Vem får söka") as staff edit it on the type's page, and how many applicants
 * stopped at each question (the statistics).
 */
export function eligibilityMethods(http: HttpClient, unwrap: Unwrap) {
  const check = (typeId: number) => `/application-types/${typeId}/eligibility`;
  return {
    /** The type's questions in order, in both languages. */
    getEligibility: (typeId: number) => unwrap<{ questions: EligibilityQuestionRow[] }>(http.get(check(typeId))),
    /**
     * Saves the type's questions as listed: each kept by its id, new ones added, those left out removed; 422 with each
     * field's error (`questions.<index>.<field>`) and nothing changed. Answers the questions as saved.
     */
    putEligibility: (typeId: number, questions: EligibilityInput[]) =>
      unwrap<{ questions: EligibilityQuestionRow[] }>(http.put(check(typeId), { data: { questions } })),
    /** How many stopped at each question of each type's check, of the period (or every period the user holds). */
    getEligibilityStops: (period: number | null) =>
      unwrap<EligibilityStops>(http.get(period === null ? '/statistics/eligibility' : `/statistics/eligibility?period=${period}`)),
  };
}
