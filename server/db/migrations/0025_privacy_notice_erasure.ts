import { sql, type Kysely } from 'kysely';
import { noticeEn as previousEn, noticeSv as previousSv } from './0017_data_protection.js';

/** Placed before the rights, after the retention rules it refers to. */
const rightsSv = '\n\nDina rättigheter:';
const rightsEn = '\n\nYour rights:';

const erasureSv = `

Om du raderar ditt konto eller ber oss radera dina uppgifter: utkast som du aldrig har skickat in raderas direkt. Ansökningar som har fått avslag anonymiseras direkt. Ansökningar som vi ännu inte har meddelat dig något beslut om dras tillbaka, prövas inte och anonymiseras direkt. Beviljade ansökningar som du har fått beslut om måste stiftelsen enligt lag spara som underlag för sin bokföring: de sparas och anonymiseras %{approved_years} år efter uppföljningen, som ovan. Ditt konto tas bort. Behöver vi inte spara någon ansökan från dig raderas det direkt; annars stängs det direkt, så att du inte kan logga in eller få mejl från oss, och raderas helt när den sista beviljade ansökan har anonymiserats.`;

const erasureEn = `

If you delete your account or ask us to erase your data: drafts you never sent in are deleted at once. Rejected applications are anonymised at once. Applications we have not yet told you a decision on are withdrawn, will not be decided and are anonymised at once. Approved applications whose decision you have received are records of the foundation's bookkeeping, which the law requires it to keep: they are kept and anonymised %{approved_years} years after the follow-up, as above. Your account is removed. If we need to keep none of your applications it is deleted at once; otherwise it is closed at once, so that you can no longer sign in or get e-mails from us, and deleted completely once the last approved application has been anonymised.`;

const withErasure = (notice: string, rights: string, erasure: string) => {
  const at = notice.indexOf(rights);
  return notice.slice(0, at) + erasure + notice.slice(at);
};
export const noticeSv = withErasure(previousSv, rightsSv, erasureSv);
export const noticeEn = withErasure(previousEn, rightsEn, erasureEn);

/** Replaces `from` with `to` in the language's notice only while it is exactly `from`: a text staff edited stays theirs. */
async function replaceNotice(db: Kysely<unknown>, locale: string, from: string, to: string) {
  await sql`UPDATE privacy_notices SET body = ${to} WHERE locale = ${locale} AND body = ${from}`.execute(db);
}

/**
 * The default privacy notice of 0017 says nothing of what an erasure request does (dataProtection/erasure.ts): it now
 * tells, in both languages, which applications are deleted, withdrawn, anonymised or kept and what becomes of the
 * account. Only a notice still exactly 0017's is replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceNotice(db, 'sv-SE', previousSv, noticeSv);
  await replaceNotice(db, 'en-US', previousEn, noticeEn);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceNotice(db, 'sv-SE', noticeSv, previousSv);
  await replaceNotice(db, 'en-US', noticeEn, previousEn);
}
