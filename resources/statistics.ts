/** The statistics of applications sent in (GET /statistics), shared by the server and the admin. */

/** The category types the statistics count each category of, in this order. */
export const categoryTypeKeys = ['target_group', 'purpose', 'geographic_area', 'focus_area'] as const;
export type CategoryTypeKey = (typeof categoryTypeKeys)[number];

/** The tables that GET /statistics/export?table= writes as CSV. */
export const statisticsTables = ['status', 'category_type', 'applicant_type', 'month'] as const;
export type StatisticsTable = (typeof statisticsTables)[number];
