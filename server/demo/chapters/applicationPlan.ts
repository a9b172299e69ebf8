import type { enums } from '../../../resources/enums.js';
import type { ApplicantKey } from './applicants.js';
import type { TypeKey } from './applicationTypes.js';
import type { DemoDay } from './calendar.js';
import type { OrgKey } from './organisations.js';

/** What staff made of an application sent in: an investigation under way, or a decision (amounts in kr). */
export interface Handling {
  status: 'ongoing' | 'approved' | 'rejected';
  decided?: DemoDay;
  /** The decision mail sent, which released the decision to the applicant; without it they see none yet. */
  mailed?: DemoDay;
  approved?: number;
  /** The goals the decision names (an approval in a period without the distribution cap). */
  decisionGoals?: number[];
}

/** A demo application of a period: what the applicant filled in, and what became of it. */
export interface ApplicationPlan {
  /**
   * Who applied, for which organisation (null: none) and as what; for which type, how much (kr; null: not given yet),
   * towards which global goals, and when they sent it in (a draft: not yet).
   */
  applied: {
    by: ApplicantKey;
    for: OrgKey | null;
    as: keyof typeof enums.applicant_type;
    type: TypeKey;
    money: number | null;
    goals: number[];
    sent?: DemoDay;
  };
  /** What staff made of it: none for a draft, or one sent in that waits to be looked at. */
  handled?: Handling;
  categories: string[];
  /** The answers by question key, but for the long text and the file. */
  answers: Record<string, unknown>;
  /** The answer to the type's long text question (the project's description, the motivation). */
  freeText?: string;
  /** The name of the file that answers the type's file question. */
  file?: string;
}
