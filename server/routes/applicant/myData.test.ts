import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplication, createPeriod, releasedAs } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The applicant's own data: what deleting the account would do, the download of everything kept about them, the
// deletion itself; and the same erasure carried out by staff on a request received some other way.

const { draft, received, approved, rejected } = enums.application_status;
// The same cases with the files in this server's folder and in an S3-compatible store.
describe.each(['local', 's3'] as const)('files kept in the %s store', (storage) => {
  let t: TestApp;
  let big: TestApp;
  let admin: string;
  let investigator: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    // Every download built by the job (DATA_EXPORT_DIRECT_MB=0), on an app of its own.
    big = await createTestApp({ config: { dataExportDirectBytes: 0 }, storage });
    await createStaff(t.db, 'admin', 'mydata-admin@test.se');
    await createStaff(t.db, 'utredare', 'mydata-investigator@test.se');
    admin = await sessionCookie(t.app, 'mydata-admin@test.se');
    investigator = await sessionCookie(t.app, 'mydata-investigator@test.se');
  });
  afterAll(async () => {
    await t.close();
    await big.close();
  });

  /** An applicant of their own with a draft, an application sent in (with a file and a message each way), and a decided one. */
  async function applicantWithHistory(app: TestApp = t) {
    const email = `${randomUUID()}@test.se`;
    const { id } = await app.db
      .insertInto('frontend_users')
      .values({ email, first_name: 'Maja', last_name: 'Minadata', phone: '+46705550101', verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cookie = await applicantCookie(app.db, id);
    const period = await createPeriod(app.db, `Min period ${randomUUID()}`);
    const unsent = await createApplication(app.db, { periodId: period.id, frontendUserId: id, status: draft });
    const sentIn = await createApplication(app.db, { periodId: period.id, frontendUserId: id, status: received });
    const decided = await createApplication(app.db, { periodId: period.id, frontendUserId: id, status: approved, approvedMoney: 150_000 });
    await app.db.updateTable('applications').set({ contact_first_name: 'Maja', org_city: 'Piteå' }).where('id', '=', sentIn.id).execute();
    const fileUuid = randomUUID();
    await app.db
      .insertInto('application_files')
      .values({
        uuid: fileUuid,
        application_id: sentIn.id,
        field_definition_id: null,
        name: 'Budget 2026.pdf',
        mime: 'application/pdf',
        size: pdf().length,
      })
      .execute();
    await app.storage.write(fileUuid, Readable.from([pdf()]), 'application/pdf');
    await app.db
      .insertInto('application_messages')
      .values([
        { application_id: sentIn.id, from_applicant: false, user_id: null, body: 'Hej Maja, vi har en fråga.' },
        { application_id: sentIn.id, from_applicant: true, user_id: null, body: 'Här är svaret.' },
      ])
      .execute();
    return { id, email, cookie, period, unsent, sentIn, decided, fileUuid };
  }

  const api = (app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, data?: unknown) =>
    call(app.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });

  /** The entries of a ZIP, by name, with their bytes. */
  function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
    return new Promise((resolve, reject) => {
      yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
        if (error) return reject(error);
        const entries = new Map<string, Buffer>();
        zip.on('entry', (entry: yauzl.Entry) => {
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError) return reject(streamError);
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('end', () => {
              entries.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.on('end', () => resolve(entries));
        zip.on('error', reject);
        zip.readEntry();
      });
    });
  }

  describe('GET /frontend-users/me/export', () => {
    it('answers one ZIP of everything kept about the applicant, with their files, and nobody else’s', async () => {
      const mine = await applicantWithHistory();
      const other = await applicantWithHistory();
      const response = await api(t, 'GET', '/frontend-users/me/export', mine.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip"/);
      const entries = await unzip(response.rawPayload);
      const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
      expect(data.account).toMatchObject({ email: mine.email, first_name: 'Maja', last_name: 'Minadata', phone: '+46705550101' });
      expect(data.applications.map((a: { uuid: string }) => a.uuid)).toEqual([mine.unsent.uuid, mine.sentIn.uuid, mine.decided.uuid]);
      const sentIn = data.applications[1];
      expect(sentIn).toMatchObject({ reference: mine.sentIn.reference, form: { contact_first_name: 'Maja', org_city: 'Piteå' } });
      // Staff write as the foundation: no employee's name is handed out.
      expect(sentIn.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
        ['Stiftelsen', 'Hej Maja, vi har en fråga.'],
        ['Du', 'Här är svaret.'],
      ]);
      expect(data.applications[2].decision).toEqual({ status: approved, approved_money: 150_000 });
      const [file] = sentIn.files;
      expect(file).toMatchObject({ name: 'Budget 2026.pdf' });
      expect(entries.get(file.file)).toEqual(pdf());
      expect(entries.has('LÄS-MIG.txt')).toBe(true);
      expect(JSON.stringify(data)).not.toContain(other.email);
      expect(response.rawPayload.includes(other.sentIn.uuid)).toBe(false);
    });

    it('shows the decision as the applicant sees it: none while a closed period cloaks it', async () => {
      const mine = await applicantWithHistory();
      await t.db.updateTable('periods').set({ closed: true, uses_status_cloaking: true }).where('id', '=', mine.period.id).execute();
      await t.db.updateTable('applications').set({ status: enums.application_status.ongoing }).where('id', '=', mine.decided.id).execute();
      const entries = await unzip((await api(t, 'GET', '/frontend-users/me/export', mine.cookie)).rawPayload);
      const decided = JSON.parse(entries.get('data.json')!.toString('utf8')).applications[2];
      expect(decided).toMatchObject({ status: { code: received, label: 'Obehandlad' }, decision: null });
    });

    it('builds a large download by a job, answering 202 meanwhile, mails the applicant, then answers the file', async () => {
      const mine = await applicantWithHistory(big);
      const first = await api(big, 'GET', '/frontend-users/me/export', mine.cookie);
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json().data).toMatchObject({ status: 'building' });
      const ready = async () =>
        (await big.db.selectFrom('data_exports').select('ready_at').where('frontend_user_id', '=', mine.id).executeTakeFirst())?.ready_at;
      await expect.poll(ready, { timeout: 15_000 }).not.toBeNull();
      const mail = await big.db
        .selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('recipient', '=', mine.email)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toMatch(/^Dina uppgifter är klara/);
      expect(mail.body_text).toContain('/mina-uppgifter');
      const second = await api(big, 'GET', '/frontend-users/me/export', mine.cookie);
      expect(second.statusCode).toBe(200);
      const entries = await unzip(second.rawPayload);
      expect(JSON.parse(entries.get('data.json')!.toString('utf8')).account.email).toBe(mine.email);
    });

    it('is for a signed-in applicant only', async () => {
      expect((await call(t.app, { method: 'GET', url: '/api/v1/frontend-users/me/export' })).statusCode).toBe(401);
      expect((await api(t, 'GET', '/frontend-users/me/export', admin)).statusCode).toBe(401);
    });
  });

  describe('deleting the account', () => {
    it('tells the applicant first exactly what goes at once and what is kept until when', async () => {
      const mine = await applicantWithHistory();
      const response = await api(t, 'GET', '/frontend-users/me/erasure', mine.cookie);
      expect(response.statusCode, response.body).toBe(200);
      const { end_date } = await t.db.selectFrom('periods').select('end_date').where('id', '=', mine.period.id).executeTakeFirstOrThrow();
      // Approved, no follow-up: 7 years after the period's end, and a day.
      const keptUntil = `${Number(end_date.slice(0, 4)) + 8}-01-01`;
      expect(response.json().data).toEqual({
        account: 'closed',
        kept_until: keptUntil,
        drafts: [expect.objectContaining({ uuid: mine.unsent.uuid })],
        organisations: [],
        // Still being handled: withdrawn and anonymised at once.
        anonymised: [expect.objectContaining({ uuid: mine.sentIn.uuid, status: received, withdrawn: true })],
        kept: [expect.objectContaining({ uuid: mine.decided.uuid, status: approved, anonymised_from: keptUntil })],
      });
    });

    it('needs a confirmation, then deletes the drafts, anonymises what was not approved at once and closes the account', async () => {
      const mine = await applicantWithHistory();
      const refused = await api(t, 'DELETE', '/frontend-users/me', mine.cookie, { confirm: false });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.confirm).toEqual(['Bekräfta först att du har läst vad som händer.']);
      expect(await t.db.selectFrom('applications').select('id').where('frontend_user_id', '=', mine.id).execute()).toHaveLength(3);

      const done = await api(t, 'DELETE', '/frontend-users/me', mine.cookie, { confirm: true });
      expect(done.statusCode, done.body).toBe(200);
      const { end_date } = await t.db.selectFrom('periods').select('end_date').where('id', '=', mine.period.id).executeTakeFirstOrThrow();
      expect(done.json().data).toEqual({
        account: 'closed',
        drafts_deleted: 1,
        anonymised: 1,
        kept: 1,
        kept_until: `${Number(end_date.slice(0, 4)) + 8}-01-01`,
      });
      expect(done.cookies.find((c) => c.name === 'applicant_session')?.value).toBe('');
      expect((await api(t, 'GET', '/portal/applications', mine.cookie)).statusCode).toBe(401);
      // The approved application alone is still theirs.
      const left = await t.db.selectFrom('applications').select('uuid').where('frontend_user_id', '=', mine.id).orderBy('id').execute();
      expect(left.map((a) => a.uuid)).toEqual([mine.decided.uuid]);
      const history = await t.db.selectFrom('application_history').select('action').where('application_id', '=', mine.decided.id).execute();
      expect(history.map((h) => h.action)).toEqual(['account_deleted']);
      // The one being handled is withdrawn and anonymised now: no name, no messages, no file.
      const withdrawn = await t.db
        .selectFrom('applications')
        .select(['status', 'frontend_user_id', 'contact_first_name', 'anonymised_at', 'org_city'])
        .where('id', '=', mine.sentIn.id)
        .executeTakeFirstOrThrow();
      expect(withdrawn).toEqual({
        status: rejected,
        frontend_user_id: null,
        contact_first_name: null,
        anonymised_at: expect.any(Date),
        org_city: 'Piteå',
      });
      expect(await t.db.selectFrom('application_messages').select('id').where('application_id', '=', mine.sentIn.id).execute()).toEqual([]);
      expect(await t.storage.size(mine.fileUuid)).toBeNull();
      const entries = await t.db
        .selectFrom('application_history')
        .select(['action', 'before', 'after', 'user_id'])
        .where('application_id', '=', mine.sentIn.id)
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        { action: 'withdrawn', before: { status: received }, after: { status: rejected }, user_id: null },
        { action: 'erasure_anonymised', before: null, after: null, user_id: null },
      ]);

      // The address is free: registering again makes a new account, which sees none of the old applications.
      const again = await call(t.app, {
        method: 'POST',
        url: '/api/v1/frontend-users/register',
        payload: { data: { email: mine.email, email_confirmation: mine.email, first_name: 'Maja', last_name: 'Ny' } },
      });
      expect(again.statusCode, again.body).toBeLessThan(300);
      const accounts = await t.db
        .selectFrom('frontend_users')
        .select(['id', 'closed_at'])
        .where(sql`lower(email)`, '=', mine.email)
        .orderBy('id')
        .execute();
      expect(accounts).toEqual([
        { id: mine.id, closed_at: expect.any(Date) },
        { id: expect.any(Number), closed_at: null },
      ]);
      const fresh = await applicantCookie(t.db, accounts[1].id);
      expect((await api(t, 'GET', '/portal/applications', fresh)).json().data).toEqual([]);
    });

    it('deletes the account at once when nothing approved is kept, anonymising a rejected application with it', async () => {
      const mine = await applicantWithHistory();
      await t.db
        .updateTable('applications')
        .set({ status: rejected, ...releasedAs(rejected) })
        .where('id', 'in', [mine.sentIn.id, mine.decided.id])
        .execute();
      const preview = (await api(t, 'GET', '/frontend-users/me/erasure', mine.cookie)).json().data;
      expect(preview).toMatchObject({ account: 'deleted', kept_until: null, kept: [] });
      expect(preview.anonymised.map((a: { status: number; withdrawn: boolean }) => [a.status, a.withdrawn])).toEqual([
        [rejected, false],
        [rejected, false],
      ]);
      const done = await api(t, 'DELETE', '/frontend-users/me', mine.cookie, { confirm: true });
      expect(done.json().data).toEqual({ account: 'deleted', drafts_deleted: 1, anonymised: 2, kept: 0, kept_until: null });
      expect(await t.db.selectFrom('frontend_users').select('id').where('id', '=', mine.id).executeTakeFirst()).toBeUndefined();
      const rows = await t.db
        .selectFrom('applications')
        .select(['status', 'frontend_user_id', 'contact_first_name'])
        .where('id', 'in', [mine.sentIn.id, mine.decided.id])
        .execute();
      expect(rows).toEqual([
        { status: rejected, frontend_user_id: null, contact_first_name: null },
        { status: rejected, frontend_user_id: null, contact_first_name: null },
      ]);
      expect(await t.storage.size(mine.fileUuid)).toBeNull();
    });

    it('withdraws an approval not yet released to the applicant, and shows it to them as still being handled', async () => {
      const mine = await applicantWithHistory();
      // Decided, but neither mailed nor released: the applicant has not been told, and nothing is paid.
      await t.db
        .updateTable('applications')
        .set({ released_at: null, released_status: null, released_money: null })
        .where('id', '=', mine.decided.id)
        .execute();
      const preview = (await api(t, 'GET', '/frontend-users/me/erasure', mine.cookie)).json().data;
      expect(preview).toMatchObject({ account: 'deleted', kept_until: null, kept: [] });
      expect(preview.anonymised.find((a: { uuid: string }) => a.uuid === mine.decided.uuid)).toMatchObject({
        status: enums.application_status.ongoing,
        withdrawn: true,
      });
      const done = await api(t, 'DELETE', '/frontend-users/me', mine.cookie, { confirm: true });
      expect(done.json().data).toEqual({ account: 'deleted', drafts_deleted: 1, anonymised: 2, kept: 0, kept_until: null });
      const decided = await t.db
        .selectFrom('applications')
        .select(['status', 'contact_first_name'])
        .where('id', '=', mine.decided.id)
        .executeTakeFirstOrThrow();
      expect(decided).toEqual({ status: rejected, contact_first_name: null });
    });

    it('deletes at once an account with nothing sent in, and its files', async () => {
      const email = `${randomUUID()}@test.se`;
      const { id } = await t.db.insertInto('frontend_users').values({ email, first_name: 'Ida' }).returning('id').executeTakeFirstOrThrow();
      const period = await createPeriod(t.db, `Utkast ${randomUUID()}`);
      const unsent = await createApplication(t.db, { periodId: period.id, frontendUserId: id, status: draft });
      const form = multipart([{ name: 'file', filename: 'a.pdf', content: pdf(), type: 'application/pdf' }]);
      const cookie = await applicantCookie(t.db, id);
      const uploaded = await call(t.app, {
        method: 'POST',
        url: `/api/v1/portal/applications/${unsent.uuid}/files`,
        cookie,
        payload: form.payload,
        headers: form.headers,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const fileUuid = uploaded.json().data.uuid as string;
      expect(await t.storage.size(fileUuid)).toBe(pdf().length);

      expect((await api(t, 'GET', '/frontend-users/me/erasure', cookie)).json().data).toMatchObject({ account: 'deleted', kept: [] });
      const done = await api(t, 'DELETE', '/frontend-users/me', cookie, { confirm: true });
      expect(done.json().data).toEqual({ account: 'deleted', drafts_deleted: 1, anonymised: 0, kept: 0, kept_until: null });
      expect(await t.db.selectFrom('frontend_users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect(await t.storage.size(fileUuid)).toBeNull();
    });
  });

  describe('an erasure request carried out by staff', () => {
    it('shows staff what will happen and until when, and does it, recorded as theirs; for those who manage applicants only', async () => {
      const mine = await applicantWithHistory();
      const rejectedOne = await createApplication(t.db, { periodId: mine.period.id, frontendUserId: mine.id, status: rejected });
      const preview = await api(t, 'GET', `/frontend-users/${mine.id}/erasure`, admin);
      expect(preview.statusCode, preview.body).toBe(200);
      const { end_date } = await t.db.selectFrom('periods').select('end_date').where('id', '=', mine.period.id).executeTakeFirstOrThrow();
      const keptUntil = `${Number(end_date.slice(0, 4)) + 8}-01-01`;
      expect(preview.json().data).toMatchObject({
        account: 'closed',
        kept_until: keptUntil,
        drafts: [{ uuid: mine.unsent.uuid }],
        anonymised: [
          { uuid: mine.sentIn.uuid, status: received, withdrawn: true },
          { uuid: rejectedOne.uuid, status: rejected, withdrawn: false },
        ],
        kept: [{ uuid: mine.decided.uuid, status: approved, anonymised_from: keptUntil }],
      });

      expect((await api(t, 'GET', `/frontend-users/${mine.id}/erasure`, investigator)).statusCode).toBe(403);
      expect((await api(t, 'POST', `/frontend-users/${mine.id}/erase`, investigator, { confirm: true })).statusCode).toBe(403);
      expect((await api(t, 'POST', `/frontend-users/${mine.id}/erase`, mine.cookie, { confirm: true })).statusCode).toBe(401);
      expect((await api(t, 'POST', `/frontend-users/${mine.id}/erase`, admin, {})).statusCode).toBe(422);

      const done = await api(t, 'POST', `/frontend-users/${mine.id}/erase`, admin, { confirm: true });
      expect(done.json().data).toEqual({ account: 'closed', drafts_deleted: 1, anonymised: 2, kept: 1, kept_until: keptUntil });
      const actions = (applicationId: number) =>
        t.db
          .selectFrom('application_history')
          .select(['action', 'user_id'])
          .where('application_id', '=', applicationId)
          .orderBy('id')
          .execute();
      expect(await actions(mine.decided.id)).toEqual([{ action: 'account_deleted', user_id: expect.any(Number) }]);
      expect(await actions(rejectedOne.id)).toEqual([{ action: 'erasure_anonymised', user_id: expect.any(Number) }]);
      const rejectedRow = await t.db
        .selectFrom('applications')
        .select(['frontend_user_id', 'anonymised_at'])
        .where('id', '=', rejectedOne.id)
        .executeTakeFirstOrThrow();
      expect(rejectedRow).toEqual({ frontend_user_id: null, anonymised_at: expect.any(Date) });
      // The applicant's session ended with the account; a second request finds no account to erase.
      expect((await api(t, 'GET', '/portal/applications', mine.cookie)).statusCode).toBe(401);
      expect((await api(t, 'POST', `/frontend-users/${mine.id}/erase`, admin, { confirm: true })).statusCode).toBe(404);
    });
  });
});
