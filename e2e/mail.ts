import { expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { mailDir, type CaughtMail } from './mailCatcher';

/** The newest mail caught so far for an address whose subject matches, if any (without waiting). */
export function newestMail(to: string, subject: RegExp): CaughtMail | undefined {
  const mails = fs
    .readdirSync(mailDir)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(mailDir, name), 'utf8')) as CaughtMail);
  return mails.reverse().find((mail) => mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject));
}

/** The newest mail the run's SMTP server caught for an address whose subject matches, waiting for it to arrive. */
export async function caughtMail(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = newestMail(to, subject);
        return !!found;
      },
      { message: `a mail to ${to} with the subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
