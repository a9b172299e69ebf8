/** The statistics of applications sent in (GET /statistics), shared by the server and the admin. Money in öre. */

export interface StatisticsFigures {
  applications: number;
  /** Sum of the amounts applied for. */
  applied: number;
  /** Sum of the amounts granted, of approved applications only. */
  approved: number;
}

/** The totals add what the follow-up reports sent in tell. */
export interface StatisticsTotals extends StatisticsFigures {
  /** Sum of the participants of the follow-ups sent in. */
  participants: number;
  /** Sum of the events held, of the follow-ups sent in. */
  events: number;
}

export interface CategoryStatistics extends StatisticsFigures {
  category_id: number;
  label: string;
}

export const categoryTypeKeys = ['target_group', 'purpose', 'geographic_area', 'focus_area'] as const;
export type CategoryTypeKey = (typeof categoryTypeKeys)[number];

export interface Statistics {
  period: { id: number; name: string } | null;
  totals: StatisticsTotals;
  by_status: (StatisticsFigures & { status: number })[];
  by_category_type: Record<CategoryTypeKey, CategoryStatistics[]>;
  by_applicant_type: (StatisticsFigures & { applicant_type: number | null })[];
  /** 'YYYY-MM' of sent_in_at in Europe/Stockholm. */
  by_month: (StatisticsFigures & { month: string | null })[];
}

/** The tables that GET /statistics/export?table= writes as CSV. */
export const statisticsTables = ['status', 'category_type', 'applicant_type', 'month'] as const;
export type StatisticsTable = (typeof statisticsTables)[number];
