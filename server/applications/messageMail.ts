import type { Db } from '../db/connect.js';
import type { Mailer } from '../mail/outbox.js';
import { dialogueLink, type ApplicationRecipient } from '../applicationCore/dialogueLink.js';

/**
 * Tells the applicant that the foundation has written (a welcome message in warmer words), in their language, with a
 * link that signs them in to the dialogue. The message itself stays behind the sign-in: a mail is no place for what
 * the foundation and the applicant discuss. Queued in the message's transaction (`trx`), with the link it stores.
 */
export async function mailApplicantOfMessage(
  trx: Db,
  { mailer, settings }: { mailer: Pick<Mailer, 'queue'>; settings: { publicUrl: string; dialogueLinkDays: number } },
  recipient: ApplicationRecipient,
  applicationId: number,
  isWelcomeMessage: boolean,
) {
  const { uuid, reference } = await trx
    .selectFrom('applications')
    .select(['uuid', 'reference'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const link = await dialogueLink(trx, settings, recipient, uuid);
  await mailer.queue(
    {
      to: recipient.email,
      locale: recipient.locale,
      name: recipient.firstName,
      template: isWelcomeMessage ? 'welcome_message' : 'dialogue_message',
      params: { reference: reference ?? '', link, days: settings.dialogueLinkDays },
      applicationId,
    },
    trx,
  );
}
