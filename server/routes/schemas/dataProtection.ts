import { Type } from 'typebox';
import { locales, type Locale } from '../../../resources/locales.js';
import { retentionRules as ruleRanges } from '../../../resources/retention.js';
import { body, dateTime, Nullable, nullableDateTime } from '../schemas.js';

// Data protection's settings: the retention rules, what they do (the preview and the runs), and the privacy notice.
const { Integer } = Type;
const Text = Type.String;
const staffMember = Nullable(Type.Object({ id: Integer(), name: Text() }));

const rule = (name: keyof typeof ruleRanges, description: string) => {
  const { min, max, default: start } = ruleRanges[name];
  return Integer({ minimum: min, maximum: max, description: `${description} (${min}–${max}, ${start} to begin with)` });
};
/** The rules, each a whole number within its range: what a body gives and an answer says. */
export const retentionRuleProperties = {
  draft_months: rule('draft_months', 'Months after its period closed that a draft never sent in is deleted'),
  rejected_months: rule('rejected_months', 'Months after its period closed that a rejected application is anonymised'),
  approved_years: rule('approved_years', 'Years after its follow-up that an approved application is anonymised'),
};

/** The retention rules, with who changed them last (null: nobody since the defaults). */
export const retentionRules = Type.Object({ ...retentionRuleProperties, updated_at: nullableDateTime, updated_by: staffMember });

const counts = {
  drafts: Integer({ description: 'Drafts never sent in that it would delete' }),
  rejected: Integer({ description: 'Rejected applications that it would anonymise' }),
  approved: Integer({ description: 'Approved applications that it would anonymise' }),
};

/**
 * What a run of the rules would do now, per period where it would do something now or within 30 days, or that is
 * postponed; the totals leave the postponed periods out.
 */
export const retentionPreview = Type.Object({
  periods: Type.Array(
    Type.Object({
      period: Type.Object({ id: Integer(), uuid: Text(), name: Text(), end_date: Text({ format: 'date' }) }),
      ...counts,
      upcoming: Nullable(
        Type.Object(
          { from: Text({ format: 'date' }), ...counts },
          { description: 'What the rules reach here within the next 30 days besides, from the first of those days' },
        ),
      ),
      postponed: Nullable(
        Type.Object(
          { until: Text({ format: 'date' }), reason: Text(), at: dateTime, by: staffMember },
          { description: 'Staff postponed the rules here: a run does nothing in this period until the day after `until`' },
        ),
      ),
    }),
  ),
  totals: Type.Object(counts, { description: 'What a run would do now: nothing in a postponed period' }),
});

const runCounts = {
  drafts: Integer({ description: 'Drafts never sent in it deleted' }),
  rejected: Integer({ description: 'Rejected applications it anonymised' }),
  approved: Integer({ description: 'Approved applications it anonymised' }),
};

/** One run of the rules: when, who ran it by hand (null: the nightly job), and what it did per period. */
export const retentionRun = Type.Object({
  id: Integer(),
  ran_at: dateTime,
  by: staffMember,
  ...runCounts,
  accounts: Integer({ description: 'Closed accounts it deleted, their last application anonymised' }),
  periods: Type.Array(
    Type.Object({
      period: Type.Object({ id: Integer(), name: Text() }),
      ...runCounts,
      postponed: Type.Optional(Type.Object({ until: Text({ format: 'date' }), reason: Text() })),
    }),
  ),
});

const notice = Type.Object({ body: Text(), updated_at: nullableDateTime, updated_by: staffMember });

/** The privacy notice's text in each language, as staff wrote it (with the rules' placeholders), and who changed it. */
export const privacyNotices = Type.Object(Object.fromEntries(locales.map((locale) => [locale, notice])) as Record<Locale, typeof notice>);

/** The privacy notice in the caller's language, with the retention rules in force written in. */
export const privacyNotice = Type.Object({ locale: Text(), body: Text() });

/** The download of an applicant's data while it is built in the background (mailed when ready). */
export const dataExportBuilding = Type.Object({ status: Type.Literal('building'), requested_at: nullableDateTime });

/** A postponement of the rules for a period: until a day at most five years ahead, and why (a few words at least). */
export const retentionPostponement = body({
  until: Type.String({ format: 'date', description: 'The last day the rules wait: from today, at most five years ahead' }),
  reason: Type.String({ minLength: 3, maxLength: 1000, description: 'Why, for the record' }),
});
