import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import Polyglot from 'node-polyglot';
import type { Db } from '../db/connect.js';
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
}

export interface Mailer {
  /**
   * Renders the mail in the recipient's language and stores it in the outbox; delivery follows. Given a transaction
   * (`via`), the mail is stored in it, so a change and the mail it causes are kept together or not at all.
   */
  queue(mail: MailRequest, via?: Db): Promise<number>;
  /** Starts a delivery round now, as after a transaction that queued mails (`queue(mail, trx)`) has committed. */
  deliverSoon(): void;
  /** Sends what is due (SMTP configured) and returns how many were sent. */
  deliverDue(): Promise<number>;
  stop(): Promise<void>;
}

interface MailerOptions {
  db: Db;
  smtpUrl: string | null;
  from: string;
  productName: string;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
  pollMs?: number;
}

const MAX_ATTEMPTS = 8;

export function createMailer({ db, smtpUrl, from, productName, log, pollMs = 5000 }: MailerOptions): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let delivering: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    // Claimed with SKIP LOCKED, so several server processes never send one mail twice.
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked()
        .execute();
      let sent = 0;
      for (const mail of due) {
        try {
          await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body_text });
          await trx
            .updateTable('outbox')
            .set({ sent_at: sql<Date>`now()`, attempts: mail.attempts + 1, last_error: null })
            .where('id', '=', mail.id)
            .execute();
          sent++;
        } catch (error) {
          // Exponential back-off: 1, 2, 4 … minutes.
          await trx
            .updateTable('outbox')
            .set({
              attempts: mail.attempts + 1,
              last_error: String(error),
              next_attempt_at: sql<Date>`now() + make_interval(mins => ${2 ** mail.attempts})`,
            })
            .where('id', '=', mail.id)
            .execute();
          log.warn({ err: error, mailId: mail.id }, 'mail delivery failed, will retry');
        }
      }
      return sent;
    });
  }

  function nudge() {
    if (!transport || delivering) return;
    delivering = deliverDue()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'mail delivery round failed');
        return 0;
      })
      .finally(() => {
        delivering = null;
      });
  }

  if (transport) timer = setInterval(nudge, pollMs).unref();

  return {
    async queue({ to, locale, template, name, params = {}, postscript = [] }, via = db) {
      const language = isLocale(locale) ? locale : defaultLocale;
      const t = translator(language);
      const all = { product: productName, ...params };
      const text = (part: keyof MailText) =>
        typeof template === 'string'
          ? t(`mail.${template}.${part}`, all)
          : Polyglot.transformPhrase(template[part], all, language.slice(0, 2));
      const body = [t('mail.greeting', { name: name || to }), text('body'), ...postscript, t('mail.signature', all)].join('\n\n');
      const row = await via
        .insertInto('outbox')
        .values({ recipient: to, subject: text('subject'), body_text: body })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Within a transaction the mail is not there for others until it commits: the caller's deliverSoon(), or the
      // next poll, sends it.
      if (transport && via === db) nudge();
      else log.info(`Mail to ${to} kept in the outbox (no SMTP_URL): read it at /dev/mailbox`);
      return row.id;
    },
    deliverSoon: nudge,
    deliverDue,
    async stop() {
      if (timer) clearInterval(timer);
      await delivering;
      transport?.close();
    },
  };
}

/** The newest mails of the outbox, for the development mailbox. */
export function latestMails(db: Db, count = 50) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(count).execute();
}
