import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import resourceRoutes from './settingsResources.js';
import applicantApplicationRoutes from './applicant/applications.js';
import applicantAuthRoutes from './applicant/auth.js';
import applicantEidRoutes from './applicant/eid.js';
import applicantEidLinkRoutes from './applicant/eidLinks.js';
import applicantFileRoutes from './applicant/files.js';
import applicantFollowupRoutes from './applicant/followup.js';
import applicantGrantRoutes from './applicant/grants.js';
import applicantPayoutReceiptRoutes from './applicant/payoutReceipts.js';
import applicantMessageRoutes from './applicant/messages.js';
import myDataRoutes from './applicant/myData.js';
import applicantOrganisationRoutes from './applicant/organisations.js';
import portalRoutes from './applicant/portal.js';
import applicantEligibilityRoutes from './applicant/eligibility.js';
import clientRoutes from './public/client.js';
import devMailboxRoutes from './public/devMailbox.js';
import privacyNoticeRoutes from './public/privacyNotice.js';
import protocolRoutes from './public/protocol.js';
import applicationDeletionRoutes from './staff/applicationDeletion.js';
import applicationPdfRoutes from './staff/applicationPdf.js';
import staffApplicationFormRoutes from './staff/applicationForm.js';
import applicationRoutes from './staff/applications.js';
import authRoutes from './staff/auth.js';
import bookkeepingRoutes from './staff/bookkeeping.js';
import dashboardRoutes from './staff/dashboard.js';
import workRoutes from './staff/work.js';
import erasureRoutes from './staff/erasure.js';
import decisionMailRoutes from './staff/decisionMails.js';
import decisionRoutes from './staff/decisions.js';
import faqOrderRoutes from './staff/faqOrder.js';
import staffFollowupRoutes from './staff/followups.js';
import staffFileRoutes from './staff/files.js';
import investigationRoutes from './staff/investigations.js';
import meetingRoutes from './staff/meetings.js';
import meRoutes from './staff/me.js';
import staffMessageRoutes from './staff/messages.js';
import singleSignOnRoutes from './staff/singleSignOn.js';
import notificationRoutes from './staff/notifications.js';
import notificationSettingsRoutes from './staff/notificationSettings.js';
import paymentBatchRoutes from './staff/paymentBatches.js';
import bankAnswerRoutes from './staff/bankAnswers.js';
import payoutAbilityChangeRoutes from './staff/payoutAbilityChanges.js';
import payoutRoutes from './staff/payouts.js';
import payoutPlanRoutes from './staff/payoutPlans.js';
import organisationMemberRoutes from './staff/organisationMembers.js';
import periodRoutes from './staff/periods.js';
import repaymentRoutes from './staff/repayments.js';
import retentionRoutes from './staff/retention.js';
import reviewRoutes from './staff/reviews.js';
import secondFactorRoutes from './staff/secondFactor.js';
import statisticsRoutes from './staff/statistics.js';
import signalRoutes from './staff/signals.js';
import eligibilityRoutes from './staff/eligibility.js';

/**
 * Every route of the API, under its prefix, grouped by who calls it: `public/` (anyone), `applicant/` (the portal),
 * `staff/` (the admin), and the generated resource routes of server/routes/settingsResources.ts.
 */
export async function apiRoutes(instance: FastifyInstance) {
  // The one place the type provider is set: each plugin's TypeBox schemas type its handlers' requests.
  const api = instance.withTypeProvider<TypeBoxTypeProvider>();
  await api.register(protocolRoutes);
  await api.register(authRoutes);
  await api.register(secondFactorRoutes);
  await api.register(applicantAuthRoutes);
  await api.register(applicantEidRoutes);
  await api.register(applicantEidLinkRoutes);
  await api.register(singleSignOnRoutes);
  await api.register(meRoutes);
  await api.register(notificationSettingsRoutes);
  await api.register(notificationRoutes);
  await api.register(dashboardRoutes);
  await api.register(workRoutes);
  await api.register(faqOrderRoutes);
  await api.register(resourceRoutes);
  await api.register(periodRoutes);
  await api.register(portalRoutes);
  await api.register(applicantFileRoutes);
  await api.register(staffFileRoutes);
  await api.register(applicantMessageRoutes);
  await api.register(staffMessageRoutes);
  await api.register(applicantFollowupRoutes);
  await api.register(staffFollowupRoutes);
  await api.register(applicantApplicationRoutes);
  await api.register(applicantEligibilityRoutes);
  await api.register(investigationRoutes);
  await api.register(reviewRoutes);
  await api.register(decisionRoutes);
  await api.register(decisionMailRoutes);
  await api.register(applicationRoutes);
  await api.register(applicationDeletionRoutes);
  await api.register(applicationPdfRoutes);
  await api.register(staffApplicationFormRoutes);
  await api.register(statisticsRoutes);
  await api.register(eligibilityRoutes);
  await api.register(retentionRoutes);
  await api.register(privacyNoticeRoutes);
  await api.register(myDataRoutes);
  await api.register(erasureRoutes);
  await api.register(payoutRoutes);
  await api.register(paymentBatchRoutes);
  await api.register(bankAnswerRoutes);
  await api.register(payoutAbilityChangeRoutes);
  await api.register(applicantGrantRoutes);
  await api.register(applicantPayoutReceiptRoutes);
  await api.register(payoutPlanRoutes);
  await api.register(repaymentRoutes);
  await api.register(bookkeepingRoutes);
  await api.register(meetingRoutes);
  await api.register(applicantOrganisationRoutes);
  await api.register(organisationMemberRoutes);
  await api.register(signalRoutes);
}

/** The routes outside the API prefix: the development mailbox (never in production) and the browser app. */
export async function siteRoutes(instance: FastifyInstance, { production }: { production: boolean }) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  if (!production) await app.register(devMailboxRoutes);
  await app.register(clientRoutes);
}
