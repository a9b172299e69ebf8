import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Where the run's SMTP server listens and keeps what it catches (one JSON file per mail), shared with the tests. */
export const smtpPort = Number(process.env.E2E_PORT ?? 3990) + 1;
export const mailDir = path.join(os.tmpdir(), `e2e-mail-${smtpPort}`);

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Playwright's global setup: a real SMTP server for the run, to which the app delivers with nodemailer (SMTP_URL in
 * playwright.config.ts). Mails that arrive before it listens are retried by the app's outbox.
 */
export default async function startMailCatcher() {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          const caught: CaughtMail = { to, subject: mail.subject ?? '', text: mail.text ?? '' };
          fs.writeFileSync(path.join(mailDir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(caught));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', resolve);
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
