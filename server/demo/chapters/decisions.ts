import type { Updateable } from 'kysely';
import { enums } from '../../../resources/enums.js';
import { factsOf, type Decided } from '../../applicationCore/told.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { SeededApplication } from './applications.js';
import { kr } from './money.js';

type Columns = Updateable<Database['applications']>;

/** The columns of a decision mail sent at `at`, which stated the decision and so released it to the applicant. */
function mailedColumns(decision: Decided, at: Date): Columns {
  const { status, money } = factsOf(decision);
  return {
    distribution_mail_sent_at: at,
    mailed_status: status,
    mailed_money: money,
    released_at: at,
    released_status: status,
    released_money: money,
  };
}

/**
 * What staff made of the applications sent in: some under investigation, some decided, with the decision mail where
 * one was sent. Written directly: the app's status change and decision take effect now and enter the application's
 * history, which decisions made in the past cannot.
 */
export async function seedDecisions(trx: Db, applications: SeededApplication[]) {
  for (const { id, plan, times } of applications) {
    if (!plan.handled) continue;
    const { status, approved, decisionGoals = [] } = plan.handled;
    const decision = { status: enums.application_status[status], approved_money: approved === undefined ? null : kr(approved) };
    const { decidedAt, mailedAt } = times;
    const decided: Columns = decidedAt
      ? { decision_global_goals: decisionGoals, finished: true, decided_at: decidedAt, updated_at: decidedAt }
      : {};
    await trx
      .updateTable('applications')
      .set({ ...decision, ...decided, ...(mailedAt && mailedColumns(decision, mailedAt)) })
      .where('id', '=', id)
      .execute();
  }
}
