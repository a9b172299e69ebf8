import { enums } from '../../../resources/enums.js';
import { saveDraft, startDraft } from '../../applications/drafts.js';
import type { FileStorage } from '../../uploads/storage.js';
import type { Db } from '../../db/connect.js';
import { definitionsOf, onlyQuestion } from './answers.js';
import type { ApplicantKey } from './applicants.js';
import type { ApplicationPlan } from './applicationPlan.js';
import { applicationTimes, type ApplicationTimes } from './applicationTimes.js';
import type { SeededType, TypeKey } from './applicationTypes.js';
import type { DemoCalendar } from './calendar.js';
import { keepDemoFile } from './demoFile.js';
import { formColumns } from './formColumns.js';
import { lastYearsApplications } from './lastYearsApplications.js';
import type { PeriodIds } from './periods.js';
import { sendInAsApplicant } from './sendIn.js';
import { thisYearsApplications } from './thisYearsApplications.js';

/** What the applications are made of: the seeded types, categories, periods and applicants. */
export interface ApplicationRefs {
  types: Record<TypeKey, SeededType>;
  categoryIds: Map<string, number>;
  periodIds: PeriodIds;
  applicantIds: Record<ApplicantKey, number>;
}

export interface SeededApplication {
  id: number;
  plan: ApplicationPlan;
  times: ApplicationTimes;
}

function categoryIdsOf(plan: ApplicationPlan, categoryIds: Map<string, number>): number[] {
  return plan.categories.map((label) => {
    const id = categoryIds.get(label);
    if (id === undefined) throw new Error(`Unknown demo category ${label}`);
    return id;
  });
}

/**
 * Each application as its applicant made it in the portal: started, filled in and saved, with the file its file question
 * asks for when there is a store to keep it in. Those sent in go in last, in the order they arrived, so that their
 * references number them in that order per year.
 */
export async function seedApplications(trx: Db, refs: ApplicationRefs, calendar: DemoCalendar, storage?: FileStorage) {
  const seeded: SeededApplication[] = [];
  const plans = [
    ...lastYearsApplications.map((plan) => ({ plan, period: 'closed' as const })),
    ...thisYearsApplications.map((plan) => ({ plan, period: 'open' as const })),
  ];
  for (const [i, { plan, period }] of plans.entries()) {
    const times = applicationTimes(plan, i, calendar);
    const type = refs.types[plan.applied.type];
    const start = {
      period_id: refs.periodIds[period],
      application_type_id: type.id,
      applicant_type: enums.applicant_type[plan.applied.as],
    };
    const { id } = await startDraft(trx, refs.applicantIds[plan.applied.by], start, times.startedAt);
    const columns = formColumns(plan, times.sentInAt !== null);
    await saveDraft(trx, id, columns, definitionsOf(plan, type), categoryIdsOf(plan, refs.categoryIds), times.startedAt);
    if (storage && plan.file) {
      const question = onlyQuestion(type, 'media');
      await keepDemoFile(trx, storage, { application_id: id, field_definition_id: question, name: plan.file, created_at: times.startedAt });
    }
    seeded.push({ id, plan, times });
  }
  const arrived = seeded.flatMap(({ id, times }) => (times.sentInAt ? [{ id, at: times.sentInAt }] : []));
  for (const { id, at } of arrived.sort((a, b) => a.at.getTime() - b.at.getTime())) await sendInAsApplicant(trx, id, at);
  return seeded;
}
