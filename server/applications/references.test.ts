import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { enums } from '../../resources/enums.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { giveReference, REFERENCE_TO_COME } from './submit.js';

// The year's references, as a send-in and a paper application take them from the year's counter (giveReference). Each
// test numbers a year of its own.

const { draft, received } = enums.application_status;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function draftOf() {
  const period = await createPeriod(t.db, `Referenser ${randomUUID()}`);
  const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
  return createApplication(t.db, { periodId: period.id, frontendUserId: applicant, status: draft });
}

const stored = (id: number) =>
  t.db.selectFrom('applications').select(['reference', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

describe('references', () => {
  it('number a year from 0001, the application given its reference and status at once', async () => {
    const application = await draftOf();
    expect(await giveReference(t.db, application.id, 2091, received)).toBe('2091-0001');
    expect(await stored(application.id)).toEqual({ reference: '2091-0001', status: received });
    expect(await giveReference(t.db, (await draftOf()).id, 2091, received)).toBe('2091-0002');
  });

  it('continue after the references a year already has, with a fifth digit past 9 999', async () => {
    const given = await draftOf();
    await t.db.updateTable('applications').set({ reference: '2092-9998', status: received }).where('id', '=', given.id).execute();
    expect(await giveReference(t.db, (await draftOf()).id, 2092, received)).toBe('2092-9999');
    expect(await giveReference(t.db, (await draftOf()).id, 2092, received)).toBe('2092-10000');
    expect(await giveReference(t.db, (await draftOf()).id, 2092, received)).toBe('2092-10001');
  });

  it('are written into the mails queued about the application, in their subject and text, as they are given', async () => {
    const application = await draftOf();
    const queued = (subject: string, body: string) =>
      t.db
        .insertInto('outbox')
        .values({ recipient: 'referens@test.se', subject, body_text: body, application_id: application.id })
        .returning('id')
        .executeTakeFirstOrThrow();
    const told = await queued(
      `Ansökan ${REFERENCE_TO_COME}`,
      `Referens ${REFERENCE_TO_COME}.\n\nAnge ${REFERENCE_TO_COME} när du skriver.`,
    );
    const other = await queued(`Annat ${REFERENCE_TO_COME}`, 'Inte denna.');
    expect(await giveReference(t.db, application.id, 2093, received, [told.id])).toBe('2093-0001');
    const mails = await t.db
      .selectFrom('outbox')
      .select(['id', 'subject', 'body_text'])
      .where('application_id', '=', application.id)
      .orderBy('id')
      .execute();
    expect(mails).toEqual([
      { id: told.id, subject: 'Ansökan 2093-0001', body_text: 'Referens 2093-0001.\n\nAnge 2093-0001 när du skriver.' },
      // A mail not named is left as it is.
      { id: other.id, subject: `Annat ${REFERENCE_TO_COME}`, body_text: 'Inte denna.' },
    ]);
  });
});
