/**
 * An application type's eligibility check ("Vem får söka"): a few questions an applicant answers before a draft is
 * made, each yes/no or one of a few options, with the answers that disqualify and the explanation shown then. Plain
 * data both sides share; the server checks every rule (server/eligibility/).
 */

export const eligibilityKinds = ['yes_no', 'choice'] as const;
export type EligibilityKind = (typeof eligibilityKinds)[number];

/** The values of a yes/no question; their labels are the texts `eligibility.yes` and `eligibility.no`. */
export const yesNoValues = ['yes', 'no'] as const;

/** How much a check may hold: few questions, short texts (the portal shows them all on one page, on a phone too). */
export const eligibilityLimits = {
  questions: 10,
  options: 10,
  question: 500,
  optionLabel: 200,
  explanation: 2000,
  /** An option's value: letters, digits, - and _, as the editor makes them. */
  value: 40,
} as const;
export const optionValuePattern = '^[A-Za-z0-9_-]+$';

/** An option of a choice question: its value (kept in the answers) and its label in Swedish and English. */
export interface EligibilityOption {
  value: string;
  label: string;
  label_en: string | null;
}

/** A question as staff write it; `position` orders the questions from 1. */
export interface EligibilityQuestion {
  id: number;
  position: number;
  question: string;
  question_en: string | null;
  kind: EligibilityKind;
  /** A choice's options; a yes/no question has none (its values are `yesNoValues`). */
  options: EligibilityOption[];
  /** The answers (values) that disqualify. */
  disqualifying: string[];
  explanation: string;
  explanation_en: string | null;
}

/**
 * A question and its answer as they were asked, kept with the application: a later change of the questions does not
 * rewrite what an applicant answered.
 */
export interface EligibilityAnswer {
  question_id: number;
  question: string;
  question_en: string | null;
  answer: string;
  answer_label: string;
  answer_label_en: string | null;
}
