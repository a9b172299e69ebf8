import { Migrator, type Migration } from 'kysely';
import type { Db } from './connect.js';
import * as foundation from './migrations/0001_foundation.js';
import * as listIndexes from './migrations/0002_list_indexes.js';
import * as loginLinks from './migrations/0003_login_links.js';
import * as applicationForm from './migrations/0004_application_form.js';
import * as applicationHandling from './migrations/0005_application_handling.js';
import * as applicationListIndexes from './migrations/0006_application_list_indexes.js';
import * as dialogue from './migrations/0007_dialogue.js';
import * as notifications from './migrations/0008_notifications.js';
import * as decisionMails from './migrations/0009_decision_mails.js';
import * as followups from './migrations/0010_followups.js';
import * as jobQueue from './migrations/0011_job_queue.js';
import * as attemptsByAddress from './migrations/0012_attempts_by_address.js';
import * as historyRefusals from './migrations/0013_history_refusals.js';
import * as applicationTallies from './migrations/0014_application_tallies.js';
import * as retentionRules from './migrations/0015_retention_rules.js';
import * as referenceWalkIndex from './migrations/0016_reference_walk_index.js';
import * as dataProtection from './migrations/0017_data_protection.js';
import * as decisionRelease from './migrations/0019_decision_release.js';
import * as searchFold from './migrations/0020_search_fold.js';
import * as applicationDeletions from './migrations/0022_application_deletions.js';
import * as listSortKeys from './migrations/0023_list_sort_keys.js';
import * as periodSortIndexes from './migrations/0024_period_sort_indexes.js';
import * as privacyNoticeErasure from './migrations/0025_privacy_notice_erasure.js';
import * as payouts from './migrations/0026_payouts.js';
import * as payoutTallies from './migrations/0027_payout_tallies.js';
import * as reviewsAndMeetings from './migrations/0028_reviews_and_meetings.js';
import * as reviewListIndexes from './migrations/0029_review_list_indexes.js';
import * as signInSecurity from './migrations/0030_sign_in_security.js';
import * as conflictsOfInterest from './migrations/0031_conflicts_of_interest.js';
import * as applicantIdentityLinks from './migrations/0032_applicant_identity_links.js';
import * as secondFactorConfirmation from './migrations/0033_second_factor_confirmation.js';
import * as boardDecisionsFinal from './migrations/0034_board_decisions_final.js';
import * as decisionChanges from './migrations/0035_decision_changes.js';
import * as journal from './migrations/0036_journal.js';
import * as minutesAsKept from './migrations/0037_minutes_as_kept.js';
import * as decisionChangeNotifications from './migrations/0038_decision_change_notifications.js';
import * as paymentBatchFiles from './migrations/0039_payment_batch_files.js';
import * as payoutAbilityChanges from './migrations/0040_payout_ability_changes.js';
import * as bankCustomerNumber from './migrations/0041_bank_customer_number.js';
import * as bankAnswers from './migrations/0042_bank_answers.js';
import * as reviewProposal from './migrations/0043_review_proposal.js';
import * as contentLanguages from './migrations/0044_content_languages.js';
import * as flatLists from './migrations/0045_flat_lists.js';
import * as batchTallies from './migrations/0046_batch_tallies.js';
import * as organisationMembers from './migrations/0047_organisation_members.js';
import * as eligibility from './migrations/0048_eligibility.js';
import * as signals from './migrations/0049_signals.js';
import * as staffWork from './migrations/0050_staff_work.js';
import * as searchedPeople from './migrations/0051_searched_people.js';
import * as memberTriggerPlans from './migrations/0052_member_trigger_plans.js';
import * as ownListKeys from './migrations/0053_own_list_keys.js';

// Listed here rather than read from disk, so the order is explicit and nothing depends on the working directory.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_list_indexes': listIndexes,
  '0003_login_links': loginLinks,
  '0004_application_form': applicationForm,
  '0005_application_handling': applicationHandling,
  '0006_application_list_indexes': applicationListIndexes,
  '0007_dialogue': dialogue,
  '0008_notifications': notifications,
  '0009_decision_mails': decisionMails,
  '0010_followups': followups,
  '0011_job_queue': jobQueue,
  '0012_attempts_by_address': attemptsByAddress,
  '0013_history_refusals': historyRefusals,
  '0014_application_tallies': applicationTallies,
  '0015_retention_rules': retentionRules,
  '0016_reference_walk_index': referenceWalkIndex,
  '0017_data_protection': dataProtection,
  '0019_decision_release': decisionRelease,
  '0020_search_fold': searchFold,
  '0022_application_deletions': applicationDeletions,
  '0023_list_sort_keys': listSortKeys,
  '0024_period_sort_indexes': periodSortIndexes,
  '0025_privacy_notice_erasure': privacyNoticeErasure,
  '0026_payouts': payouts,
  '0027_payout_tallies': payoutTallies,
  '0028_reviews_and_meetings': reviewsAndMeetings,
  '0029_review_list_indexes': reviewListIndexes,
  '0030_sign_in_security': signInSecurity,
  '0031_conflicts_of_interest': conflictsOfInterest,
  '0032_applicant_identity_links': applicantIdentityLinks,
  '0033_second_factor_confirmation': secondFactorConfirmation,
  '0034_board_decisions_final': boardDecisionsFinal,
  '0035_decision_changes': decisionChanges,
  '0036_journal': journal,
  '0037_minutes_as_kept': minutesAsKept,
  '0038_decision_change_notifications': decisionChangeNotifications,
  '0039_payment_batch_files': paymentBatchFiles,
  '0040_payout_ability_changes': payoutAbilityChanges,
  '0041_bank_customer_number': bankCustomerNumber,
  '0042_bank_answers': bankAnswers,
  '0043_review_proposal': reviewProposal,
  '0044_content_languages': contentLanguages,
  '0045_flat_lists': flatLists,
  '0046_batch_tallies': batchTallies,
  '0047_organisation_members': organisationMembers,
  '0048_eligibility': eligibility,
  '0049_signals': signals,
  '0050_staff_work': staffWork,
  '0051_searched_people': searchedPeople,
  '0052_member_trigger_plans': memberTriggerPlans,
  '0053_own_list_keys': ownListKeys,
};

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
