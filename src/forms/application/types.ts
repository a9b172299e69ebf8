import type { Question } from '../../../resources/applicationAnswers';

export interface StoredFile {
  uuid: string;
  name: string;
  size: number;
  mime: string;
  field_definition_id: number | null;
  created_at: string;
}

/** An application as GET /portal/applications/:uuid gives it. */
export interface ApplicationForm {
  uuid: string;
  reference: string | null;
  status: number;
  step: number;
  period_id: number;
  application_type_id: number | null;
  applicant_type: number | null;
  money: number | null;
  category_ids: number[];
  global_goals: number[];
  definitions: Record<string, unknown>;
  links: string[];
  consent: boolean;
  approved_money: number | null;
  sent_in_at: string | null;
  updated_at: string;
  period: { id: number; name: string; open: boolean; end_date: string; answer_by: string };
  application_type: string | null;
  questions: Question[];
  files: StoredFile[];
  upload_max_bytes: number;
  [field: string]: unknown;
}

export interface OpenPeriod {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  application_types: { id: number; label: string }[];
}

export interface Category {
  id: number;
  label: string;
  type: number;
}

/** The values the form edits: every field of resources/applications.ts plus the answers. */
export type FormValues = Record<string, unknown>;
