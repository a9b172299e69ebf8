import { latestMails } from '../../mail/outbox.js';
import type { Api } from '../schemas.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * Development only (never registered when NODE_ENV=production): the outbox as a page, so a password reset or
 * login link can be followed without a mail server.
 */
export default async function devMailboxRoutes(app: Api) {
  app.get('/dev/mailbox', { config: { access: 'anonymous' }, schema: { hide: true } }, async (_request, reply) => {
    const mails = await latestMails(app.db);
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escape(m.subject)}</h2>
  <p class="meta">To ${escape(m.recipient)} · ${m.created_at.toISOString()} · ${m.sent_at ? 'sent by SMTP' : 'not sent (no SMTP_URL)'}</p>
  <pre>${linkify(m.body_text)}</pre>
</article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#555;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Development mailbox</h1><p>The newest ${mails.length} mails in the outbox. This page does not exist in production.</p>
${items || '<p>No mails yet.</p>'}</body></html>`;
  });
}
