import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { workerServer } from './fixtures';

/** A mail as the journeys read it: its recipients, subject and text. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

// The worker's SMTP server keeps each mail as it came; each is parsed once, in the order received.
const parsed: CaughtMail[] = [];

async function caughtMails(): Promise<CaughtMail[]> {
  const { received } = workerServer().smtp;
  for (let i = parsed.length; i < received.length; i++) {
    const mail = await simpleParser(received[i].raw);
    parsed[i] ??= { to: received[i].to, subject: mail.subject ?? '', text: mail.text ?? '' };
  }
  // Two readers at once may each be parsing a mail: the one not yet parsed is left out until the next look.
  return parsed.filter(Boolean);
}

/** The newest mail caught so far for an address whose subject matches, if any (without waiting). */
export async function newestMail(to: string, subject: RegExp): Promise<CaughtMail | undefined> {
  const mails = await caughtMails();
  return mails.reverse().find((mail) => mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject));
}

/** The newest mail this worker's SMTP server caught for an address whose subject matches, waiting for it to arrive. */
export async function caughtMail(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(to, subject);
        return !!found;
      },
      { message: `a mail to ${to} with the subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
