import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import Polyglot from 'node-polyglot';
import type { Db } from '../db/connect.js';
import { withoutTokens } from '../tokens.js';
import type { Jobs } from '../jobs/queue.js';
import { translator, type Params } from '../i18n.js';
import { isLocale, defaultLocale } from '../../resources/locales.js';

/** A mail's own subject and body, written by staff (a settings template) with the %{placeholder}s the locales use. */
export interface MailText {
  subject: string;
  body: string;
}

export interface MailRequest {
  to: string;
  locale: string;
  /** A key under mail.* in locales/*.json with subject and body, or the text itself in the recipient's language. */
  template: string | MailText;
  name?: string | null;
  params?: Params;
  /** Paragraphs after the body, already in the recipient's language, taken as they are. */
  postscript?: string[];
  /** The application the mail is about: anonymising the application removes the mail's stored copy too. */
  applicationId?: number;
}

/** A mail's subject and text as its recipient reads them: the greeting, the body, what follows it and the signature. */
export function composeMail(
  { locale, template, name, params = {}, postscript = [] }: Omit<MailRequest, 'to' | 'applicationId'>,
  productName: string,
) {
  const language = isLocale(locale) ? locale : defaultLocale;
  const t = translator(language);
  const all = { product: productName, ...params };
  const text = (part: keyof MailText) =>
    typeof template === 'string' ? t(`mail.${template}.${part}`, all) : Polyglot.transformPhrase(template[part], all, language.slice(0, 2));
  // Greeted by name when the account has one the owner stands behind, else plainly: never by the address itself.
  const greeting = name ? t('mail.greeting', { name }) : t('mail.greeting_plain');
  return { subject: text('subject'), body: [greeting, text('body'), ...postscript, t('mail.signature', all)].join('\n\n') };
}

export interface Mailer {
  /**
   * Renders the mail in the recipient's language, stores it in the outbox and queues its delivery. Given a
   * transaction (`via`), both are stored in it, so a change and the mail it causes are kept together or not at all.
   */
  queue(mail: MailRequest, via?: Db): Promise<number>;
  /** Looks for mails to deliver now, as after a transaction that queued mails (`queue(mail, trx)`) has committed. */
  deliverSoon(): void;
  /**
   * Sends one mail of the outbox by SMTP, unless it has gone already (the job of `mail-delivery`): answers whether it
   * was sent now. A failure is recorded on the mail and thrown, so the job retries.
   */
  deliver(mailId: number): Promise<boolean>;
  stop(): Promise<void>;
}

interface MailerOptions {
  db: Db;
  jobs: Jobs;
  smtpUrl: string | null;
  from: string;
  productName: string;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
}

export function createMailer({ db, jobs, smtpUrl, from, productName, log }: MailerOptions): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  async function deliver(mailId: number): Promise<boolean> {
    if (!transport) return false;
    try {
      // The row stays locked while SMTP takes it, so a second run of the job (another process) skips it.
      return await db.transaction().execute(async (trx) => {
        const mail = await trx
          .selectFrom('outbox')
          .selectAll()
          .where('id', '=', mailId)
          .where('sent_at', 'is', null)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!mail) return false;
        await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body_text });
        await trx
          .updateTable('outbox')
          // A sent mail's links have done their work: the copy kept for the record opens nothing.
          .set({ sent_at: sql<Date>`now()`, attempts: mail.attempts + 1, last_error: null, body_text: withoutTokens(mail.body_text) })
          .where('id', '=', mail.id)
          .execute();
        return true;
      });
    } catch (error) {
      // By the mail's id: an SMTP error names the recipient, which the outbox keeps and the log must not.
      const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
      log.warn({ mailId, code, responseCode }, 'mail delivery failed');
      await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String(error) }))
        .where('id', '=', mailId)
        .execute();
      throw error;
    }
  }

  return {
    async queue({ to, locale, template, name, params = {}, postscript = [], applicationId }, via = db) {
      const { subject, body } = composeMail({ locale, template, name, params, postscript }, productName);
      const row = await via
        .insertInto('outbox')
        .values({ recipient: to, subject, body_text: body, application_id: applicationId ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info(`Mail ${row.id} kept in the outbox (no SMTP_URL): read it at /dev/mailbox`);
        return row.id;
      }
      await jobs.send('mail-delivery', { mailId: row.id }, { via });
      // Within a transaction the job is not there for the worker until it commits: the caller's deliverSoon() wakes it.
      if (via === db) jobs.wake('mail-delivery');
      return row.id;
    },
    deliverSoon: () => jobs.wake('mail-delivery'),
    deliver,
    async stop() {
      transport?.close();
    },
  };
}

/** The newest mails of the outbox, for the development mailbox. */
export function latestMails(db: Db, count = 50) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(count).execute();
}
