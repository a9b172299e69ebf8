import { formatDate, formatMoney } from '../../resources/format.js';
import { applicantLink, recipientOf } from '../applicationCore/dialogueLink.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/outbox.js';

/**
 * What the mails about a grant need: the outbox, the portal's address to point to, and how long a mailed sign-in link
 * lasts.
 */
export interface PayoutMailDeps {
  mailer: Pick<Mailer, 'queue' | 'deliverSoon'>;
  config: Pick<Config, 'publicUrl' | 'dialogueLinkDays'>;
}

export type GrantMailTemplate =
  | 'payout_requested'
  | 'payout_reminder'
  | 'payout_lapsed'
  | 'payout_paid'
  | 'payout_rejected'
  | 'payout_returned'
  | 'repayment_registered'
  | 'repayment_cancelled';

/**
 * Mails the applicant about their grant, in their language, with a sign-in link to its page, queued in `trx`, the
 * transaction of the change. `params` are given the recipient's language for amounts and days. An applicant the mail
 * cannot reach (an account closed or without an address) is not mailed, and the change is made all the same: the
 * portal shows it. Answers whether it was queued.
 */
export async function mailAboutGrant(
  trx: Db,
  deps: PayoutMailDeps,
  applicationId: number,
  template: GrantMailTemplate,
  params: (locale: string) => Record<string, string> = () => ({}),
): Promise<boolean> {
  const recipient = await recipientOf(trx, applicationId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 422) return null;
    throw error;
  });
  if (!recipient) return false;
  const application = await trx
    .selectFrom('applications')
    .select(['uuid', 'reference'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const link = await applicantLink(trx, deps.config, recipient, `/bidrag/${application.uuid}`);
  await deps.mailer.queue(
    {
      to: recipient.email,
      locale: recipient.locale,
      name: recipient.firstName,
      template,
      params: { reference: application.reference ?? '', link, days: String(deps.config.dialogueLinkDays), ...params(recipient.locale) },
      applicationId,
    },
    trx,
  );
  return true;
}

/** Tells the applicant what became of a payout: paid (on `paidOn`), rejected or returned (with the reason). */
export async function mailPayoutOutcome(
  trx: Db,
  deps: PayoutMailDeps,
  payoutId: number,
  template: 'payout_paid' | 'payout_rejected' | 'payout_returned',
  params: { reason?: string; paidOn?: string } = {},
) {
  const payout = await trx.selectFrom('payouts').select(['amount', 'application_id']).where('id', '=', payoutId).executeTakeFirstOrThrow();
  await mailAboutGrant(trx, deps, payout.application_id, template, (locale) => ({
    amount: formatMoney(payout.amount, locale),
    reason: params.reason ?? '',
    date: formatDate(params.paidOn, locale),
  }));
}
