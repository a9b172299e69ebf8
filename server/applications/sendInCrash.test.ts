import { expect, describe, it } from 'vitest';
import { seedDemo } from '../demo/demo.js';
import { completeDraft } from '../test/completeDraft.js';
import { killableServer } from '../test/killableServer.js';

// The real server process, killed while applications are being sent in: an application and its confirmation mail
// are stored together or not at all, so after the crash each one is either sent in with its mail or still a draft
// without one, and sending it in again gives both.

const APPLICANTS = 6;
const rig = killableServer('send-in-crash');

describe('a crash while applications are sent in', () => {
  it('leaves each application and its confirmation mail both stored or neither', { timeout: 180_000 }, async () => {
    const { db, base } = await rig.start();
    await seedDemo(db);

    // Applicants, each with a complete draft.
    const applicants: { email: string; cookie: string; uuid: string }[] = [];
    for (let i = 0; i < APPLICANTS; i += 1) {
      const email = `krasch${i}@test.se`;
      applicants.push({ email, ...(await completeDraft(base, db, email)) });
    }
    const submit = (a: (typeof applicants)[number]) =>
      fetch(`${base}/portal/applications/${a.uuid}/submit`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie },
      });
    /** Per applicant: whether the application is sent in, and how many confirmation mails they have. */
    const state = async () =>
      Promise.all(
        applicants.map(async (a) => {
          const row = await db.selectFrom('applications').select('status').where('uuid', '=', a.uuid).executeTakeFirstOrThrow();
          const mails = await db.selectFrom('outbox').select('id').where('recipient', '=', a.email).execute();
          return { sentIn: row.status !== 10, mails: mails.length };
        }),
      );

    // Hold the outbox, so the send-ins wait in their transactions: the first to store its mail (having changed its
    // application; the reference, written into the mail, comes after), the others behind it for the organisation they
    // all apply for. Then kill.
    const outbox = await rig.holdOutbox();
    const inFlight = applicants.map((a) => submit(a).catch(() => null));
    await expect.poll(rig.waitingForLocks, { timeout: 60_000, interval: 200 }).toEqual({ all: APPLICANTS, mail: 1 });
    await rig.kill();
    await Promise.all(inFlight);
    await outbox.release();
    await expect.poll(rig.openTransactions, { timeout: 30_000 }).toBe(0);
    // Neither: the send-ins died with the process, and no mail speaks of one.
    expect(await state()).toEqual(applicants.map(() => ({ sentIn: false, mails: 0 })));

    // Both: sent in again on the next process, each with its one confirmation.
    await rig.restart();
    for (const a of applicants) expect((await submit(a)).status).toBe(200);
    expect(await state()).toEqual(applicants.map(() => ({ sentIn: true, mails: 1 })));
  });
});
