import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatDate } from '../../../resources/format.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// Staff who manage applications delete one: what goes is said first, an approved application is
// kept for the bookkeeping, and who deleted which reference stays in a log that outlives the application.

const { draft, ongoing, approved, rejected } = enums.application_status;

describe.each(['local', 's3'] as const)('files kept in the %s store', (storage) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let investigator: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    adminId = await createStaff(t.db, 'admin', 'delete-admin@test.se');
    await createStaff(t.db, 'utredare', 'delete-investigator@test.se');
    admin = await sessionCookie(t.app, 'delete-admin@test.se');
    investigator = await sessionCookie(t.app, 'delete-investigator@test.se');
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'DELETE' | 'POST', url: string, cookie?: string, headers: Record<string, string> = {}) =>
    call(t.app, { method, url: `/api/v1${url}`, cookie, headers });

  /** A period of its own with an application of `status` in it, by an applicant of its own. */
  async function application(status: number) {
    const period = await createPeriod(t.db, `Radering ${randomUUID()}`);
    const applicantId = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const created = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status, money: 40_000_00 });
    return { ...created, reference: created.reference!, period, applicantId };
  }

  /** A file of the application kept in the store, attached to a message or the follow-up when told. */
  async function storedFile(applicationId: number, extra: { message_id?: number; followup?: boolean } = {}) {
    const uuid = randomUUID();
    await t.db
      .insertInto('application_files')
      .values({
        uuid,
        application_id: applicationId,
        field_definition_id: null,
        name: 'Bilaga.pdf',
        mime: 'application/pdf',
        size: pdf().length,
        ...extra,
      })
      .execute();
    await t.storage.write(uuid, Readable.from([pdf()]), 'application/pdf');
    return uuid;
  }

  const totalOf = async (periodId: number) => (await api('GET', `/applications/all?period=${periodId}`, admin)).json().data.total as number;
  const statisticsOf = async (periodId: number) => (await api('GET', `/statistics?period=${periodId}`, admin)).json().data.totals;

  it('says what goes, then deletes the application with its files, messages, follow-up and history, logged; the list and statistics change', async () => {
    const mine = await application(ongoing);
    // A second application of the period stays, and so do its counts.
    const other = await createApplication(t.db, { periodId: mine.period.id, frontendUserId: mine.applicantId, status: rejected });
    // The form's file through the staff route, a message with an attachment, and a follow-up with its report and file:
    // what an application approved once and then reopened holds.
    const form = multipart([{ name: 'file', filename: 'Budget.pdf', content: pdf(), type: 'application/pdf' }]);
    const uploaded = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${mine.uuid}/files`,
      cookie: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const formFile = uploaded.json().data.uuid as string;
    const message = await t.db
      .insertInto('application_messages')
      .values({ application_id: mine.id, from_applicant: true, user_id: null, body: 'Här är underlaget.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageFile = await storedFile(mine.id, { message_id: message.id });
    await t.db
      .insertInto('application_followups')
      .values({ application_id: mine.id, requested_at: new Date(), participants: 12, events: 2 })
      .execute();
    await t.db
      .updateTable('applications')
      .set({ followup_at: '2026-06-01', followup_sent_in_at: new Date() })
      .where('id', '=', mine.id)
      .execute();
    const followupFile = await storedFile(mine.id, { followup: true });
    await t.db
      .insertInto('outbox')
      .values({ recipient: 'sokande@test.se', subject: 'Om din ansökan', body_text: 'Hej', application_id: mine.id })
      .execute();
    // Staff read it: its history has entries now, which go with it.
    expect((await api('GET', `/applications/${mine.uuid}`, admin)).statusCode).toBe(200);
    const totalBefore = await totalOf(mine.period.id);
    const statisticsBefore = await statisticsOf(mine.period.id);
    expect(statisticsBefore).toMatchObject({ applications: 2, participants: 12, events: 2 });

    const preview = await api('GET', `/applications/${mine.uuid}/deletion`, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      reference: mine.reference,
      status: ongoing,
      files: 3,
      messages: 1,
      followup: true,
      investigations: 0,
    });

    const deleted = await api('DELETE', `/applications/${mine.uuid}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({
      reference: mine.reference,
      application_uuid: mine.uuid,
      period: { id: mine.period.id },
      status: ongoing,
      files: 3,
      messages: 1,
      followup: true,
      deleted_by: { name: 'Anna Test' },
    });

    // Gone, with everything that hung on it, from the database and the store.
    const left = async (
      table: 'applications' | 'application_files' | 'application_messages' | 'application_followups' | 'application_history' | 'outbox',
    ) =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(table === 'applications' ? 'id' : 'application_id')} = ${mine.id}`.execute(
          t.db,
        )
      ).rows[0].n;
    for (const table of [
      'applications',
      'application_files',
      'application_messages',
      'application_followups',
      'application_history',
      'outbox',
    ] as const)
      expect(await left(table), table).toBe(0);
    for (const file of [formFile, messageFile, followupFile]) expect(await t.storage.size(file)).toBeNull();
    expect((await api('GET', `/applications/${mine.uuid}`, admin)).statusCode).toBe(404);
    expect((await api('DELETE', `/applications/${mine.uuid}`, admin)).statusCode).toBe(404);

    // The log keeps who deleted which reference.
    const log = (await api('GET', `/applications/deletions?search=${mine.reference}`, admin)).json().data;
    expect(log.total).toBe(1);
    expect(log.data[0]).toMatchObject({ reference: mine.reference, period: { id: mine.period.id }, deleted_by: { name: 'Anna Test' } });

    // The list and the statistics no longer count it; the other application is as it was.
    expect(await totalOf(mine.period.id)).toBe(totalBefore - 1);
    expect(await statisticsOf(mine.period.id)).toEqual({
      ...statisticsBefore,
      applications: 1,
      applied: statisticsBefore.applied - 40_000_00,
      participants: 0,
      events: 0,
    });
    expect((await api('GET', `/applications/${other.uuid}`, admin)).statusCode).toBe(200);
  });

  it('refuses an approved application, kept for the bookkeeping, saying until when in the caller’s language', async () => {
    const mine = await application(approved);
    const day = formatDate('2034-01-01', 'sv-SE'); // The period ends 2026-12-31: seven years and a day.
    const preview = await api('GET', `/applications/${mine.uuid}/deletion`, admin);
    expect(preview.statusCode).toBe(409);
    expect(preview.json().message).toBe(
      `En beviljad ansökan kan inte raderas: stiftelsen sparar den som underlag för bokföringen. Den anonymiseras från och med ${day}.`,
    );
    const refused = await api('DELETE', `/applications/${mine.uuid}`, admin, { 'accept-language': 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `An approved application cannot be deleted: the foundation keeps it as a record for its bookkeeping. It is anonymised from ${formatDate('2034-01-01', 'en-US')}.`,
    );
    expect(await t.db.selectFrom('applications').select('id').where('id', '=', mine.id).executeTakeFirst()).toEqual({ id: mine.id });
    expect((await api('GET', `/applications/deletions?search=${mine.reference}`, admin)).json().data.total).toBe(0);

    // Once anonymised it is still kept, for the bookkeeping and the statistics.
    await t.db.updateTable('applications').set({ anonymised_at: new Date(), frontend_user_id: null }).where('id', '=', mine.id).execute();
    expect((await api('DELETE', `/applications/${mine.uuid}`, admin)).json().message).toBe(
      'En beviljad ansökan kan inte raderas: stiftelsen sparar den som underlag för bokföringen och statistiken. Den är redan anonymiserad.',
    );
  });

  it('is for those who manage the application’s applications; a draft is unknown to staff', async () => {
    const mine = await application(rejected);
    expect((await api('GET', `/applications/${mine.uuid}/deletion`, investigator)).statusCode).toBe(403);
    expect((await api('DELETE', `/applications/${mine.uuid}`, investigator)).statusCode).toBe(403);
    expect((await api('DELETE', `/applications/${mine.uuid}`, await applicantCookie(t.db, mine.applicantId))).statusCode).toBe(401);
    expect((await api('DELETE', `/applications/${mine.uuid}`)).statusCode).toBe(401);
    expect((await api('GET', '/applications/deletions', investigator)).statusCode).toBe(403);

    // A manager of another period is refused; one of this period deletes it, and sees their periods' deletions alone.
    const grant = async (email: string, periodId: number) => {
      const id = await createStaff(t.db, 'utredare', email);
      await t.db
        .insertInto('user_abilities')
        .values({ user_id: id, ability: 'manage-applications', entity_type: 'periods', entity_id: periodId })
        .execute();
      return sessionCookie(t.app, email);
    };
    const elsewhere = await grant(`${randomUUID()}@test.se`, (await createPeriod(t.db, `Annan ${randomUUID()}`)).id);
    const here = await grant(`${randomUUID()}@test.se`, mine.period.id);
    expect((await api('DELETE', `/applications/${mine.uuid}`, elsewhere)).statusCode).toBe(403);
    expect((await api('DELETE', `/applications/${mine.uuid}`, here)).statusCode).toBe(200);
    expect((await api('GET', '/applications/deletions', here)).json().data.data.map((d: { reference: string }) => d.reference)).toEqual([
      mine.reference,
    ]);
    expect((await api('GET', '/applications/deletions', elsewhere)).json().data.total).toBe(0);

    const unsent = await application(draft);
    expect((await api('GET', `/applications/${unsent.uuid}/deletion`, admin)).statusCode).toBe(404);
    expect((await api('DELETE', `/applications/${unsent.uuid}`, admin)).statusCode).toBe(404);
  });

  it('lists the log newest first or by reference, in pages, searching the references in any case', async () => {
    /** Entries as the delete writes them, in a period of the test's own: [reference, deleted at]. */
    const logged = async (entries: [string, string][]) => {
      const name = `Logg ${randomUUID()}`;
      const period = await createPeriod(t.db, name);
      for (const [reference, at] of entries) {
        await t.db
          .insertInto('application_deletions')
          .values({
            reference,
            application_uuid: randomUUID(),
            period_id: period.id,
            period_name: name,
            status: rejected,
            files: 0,
            messages: 0,
            followup: false,
            user_id: adminId,
            deleted_at: new Date(at),
          })
          .execute();
      }
      return async (query: string) => {
        const response = await api('GET', `/applications/deletions?period=${period.id}&${query}`, admin);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json().data as { data: { reference: string }[]; total: number };
        return { references: page.data.map((entry) => entry.reference), total: page.total };
      };
    };

    // The references (of years no other test gives) sort otherwise than the times; two deleted at the same time keep the order they were logged in.
    const log = await logged([
      ['1999-0002', '1999-03-01T09:00:00Z'],
      ['1999-0001', '1999-03-02T09:00:00Z'],
      ['1999-0004', '1999-03-03T09:00:00Z'],
      ['1999-0003', '1999-03-03T09:00:00Z'],
      ['1998-0107', '1999-03-04T09:00:00Z'],
    ]);
    const newestFirst = ['1998-0107', '1999-0003', '1999-0004', '1999-0001', '1999-0002'];
    expect(await log('')).toEqual({ references: newestFirst, total: 5 });
    expect((await log('sort=deleted_at&direction=asc')).references).toEqual([...newestFirst].reverse());
    const byReference = ['1998-0107', '1999-0001', '1999-0002', '1999-0003', '1999-0004'];
    expect((await log('sort=reference')).references).toEqual(byReference);
    expect((await log('sort=reference&direction=desc')).references).toEqual([...byReference].reverse());
    expect(await log('sort=reference&per_page=2&page=2')).toEqual({ references: byReference.slice(2, 4), total: 5 });
    expect(await log('per_page=2&page=3')).toEqual({ references: newestFirst.slice(4), total: 5 });
    expect(await log('search=99-000')).toEqual({ references: newestFirst.slice(1), total: 4 });
    // The totals without a search are kept per period as entries are added: they are the log's count.
    const { count } = await t.db
      .selectFrom('application_deletions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect((await api('GET', '/applications/deletions', admin)).json().data.total).toBe(Number(count));

    // The search folds Å, Ä, Ö whatever the database's collation (C for the embedded one), however it is written.
    const lettered = await logged([
      ['ÅRE-1999-0002', '1999-03-01T09:00:00Z'],
      ['ÖDE-1999-0001', '1999-03-02T09:00:00Z'],
      ['åre-1999-0003', '1999-03-03T09:00:00Z'],
      ['ABC_1999-0005', '1999-03-04T09:00:00Z'],
    ]);
    for (const written of ['åre-1999', 'ÅRE-1999', 'Åre-1999']) {
      expect(await lettered(`search=${encodeURIComponent(written)}`), written).toEqual({
        references: ['åre-1999-0003', 'ÅRE-1999-0002'],
        total: 2,
      });
    }
    expect(await lettered(`search=${encodeURIComponent('öde')}`)).toEqual({ references: ['ÖDE-1999-0001'], total: 1 });
    // `_` and `%` stand for themselves.
    expect(await lettered(`search=${encodeURIComponent('E_1999')}`)).toEqual({ references: [], total: 0 });
    expect(await lettered(`search=${encodeURIComponent('c_1999')}`)).toEqual({ references: ['ABC_1999-0005'], total: 1 });
    expect(await lettered(`search=${encodeURIComponent('%20')}`)).toEqual({ references: [], total: 0 });
    // A search of two characters is refused, as on every list.
    expect((await api('GET', '/applications/deletions?search=%C3%A5', admin)).statusCode).toBe(422);
  });

  it('leaves the history append-only but for the application a transaction deletes, and the log append-only', async () => {
    const mine = await application(ongoing);
    expect((await api('GET', `/applications/${mine.uuid}`, admin)).statusCode).toBe(200);
    await expect(t.db.deleteFrom('application_history').where('application_id', '=', mine.id).execute()).rejects.toMatchObject({
      code: '23001',
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.deleting_application', ${String(mine.id + 1)}, true)`.execute(trx);
        await trx.deleteFrom('application_history').where('application_id', '=', mine.id).execute();
      }),
    ).rejects.toMatchObject({ code: '23001' });
    expect((await api('DELETE', `/applications/${mine.uuid}`, admin)).statusCode).toBe(200);
    await expect(t.db.updateTable('application_deletions').set({ reference: 'x' }).execute()).rejects.toMatchObject({ code: '23001' });
    await expect(t.db.deleteFrom('application_deletions').execute()).rejects.toMatchObject({ code: '23001' });
  });
});
