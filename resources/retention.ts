import { integer } from './fields.js';
import { defineSingleton } from './singletons.js';

/**
 * The retention rules of data protection: how long the foundation keeps what applicants sent before it is deleted or
 * anonymised. Each with the range staff may choose from and the default a new installation starts with.
 */
export const retentionRules = {
  /** Drafts never sent in are deleted this many months after their period closed. */
  draft_months: { min: 1, max: 120, default: 12 },
  /** Rejected applications are anonymised this many months after their period closed. */
  rejected_months: { min: 1, max: 240, default: 24 },
  /** Approved applications are anonymised this many years after their follow-up (the bookkeeping law's seven). */
  approved_years: { min: 1, max: 30, default: 7 },
} as const;

export type RetentionRule = keyof typeof retentionRules;
export type RetentionRules = Record<RetentionRule, number>;
export const retentionRuleNames = Object.keys(retentionRules) as RetentionRule[];

/** The rules as the one settings record staff change in Settings → Data protection. */
export const retention = defineSingleton({
  name: 'retention',
  endpoint: 'retention',
  table: 'retention_rules',
  ability: 'manage-data-protection',
  description: 'the retention rules: how long drafts, rejected and approved applications are kept',
  fields: retentionRuleNames.map((name) =>
    integer(name, { required: true, min: retentionRules[name].min, max: retentionRules[name].max, help: true }),
  ),
});
