import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { enums } from '../../../resources/enums.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { hashPassword } from '../../auth/passwords.js';
import { attachmentHeader, displayName } from '../../uploads/fileName.js';
import { exe, multipart, pdf, type Part } from '../../test/multipart.js';
import { call, createStaff, createTestApp, PASSWORD, sessionCookie, type TestApp } from '../../test/testApp.js';

const MB = 1024 * 1024;
let t: TestApp;
let alice: string;
let bob: string;
let aliceDraft: string;
let aliceSent: string;
let bobDraft: string;
let mediaQuestion: number;
let textQuestion: number;
let otherTypesMedia: number;

// --- Files built byte by byte: real enough for detection by content. ---

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A zip of stored (uncompressed) entries, as office files are. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const openXml = (part: string, type: string) =>
  zip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`,
    ],
    [part, '<?xml version="1.0"?><root/>'],
  ]);
const docx = openXml('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');
const xlsx = openXml('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml');
const openDocument = (mime: string) =>
  zip([
    ['mimetype', mime],
    ['content.xml', '<?xml version="1.0"?><office:document-content/>'],
  ]);

const upload = (application: string, cookie: string | undefined, parts: Part[], headers: Record<string, string> = {}) => {
  const body = multipart(parts);
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${application}/files`,
    cookie,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const file = (filename: string, content: Buffer, type = 'application/pdf'): Part => ({ name: 'file', filename, content, type });
const remove = (application: string, fileUuid: string, cookie?: string) =>
  call(t.app, { method: 'DELETE', url: `/api/v1/portal/applications/${application}/files/${fileUuid}`, cookie });
const download = (application: string, fileUuid: string, cookie?: string) =>
  call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${application}/files/${fileUuid}`, cookie });
const staffDownload = (application: string, fileUuid: string, cookie?: string) =>
  call(t.app, { method: 'GET', url: `/api/v1/applications/${application}/files/${fileUuid}`, cookie });

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
/** The keys of every file the store keeps. */
async function kept() {
  const keys: string[] = [];
  for await (const { key } of t.storage.list()) keys.push(key);
  return keys;
}
/** Everything kept, with any temporary file left on this server's disk (dot-named in the uploads folder). */
const onDisk = async () => {
  const temporary = (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) => name.startsWith('.'));
  return [...temporary, ...(await kept())].sort();
};
/** A kept file's bytes, read back from the store. */
const content = async (key: string) => buffer((await t.storage.read(key))!.body);
const rows = () => t.db.selectFrom('application_files').selectAll().orderBy('id').execute();

async function applicant(email: string) {
  const { id } = await t.db
    .insertInto('frontend_users')
    .values({ email, first_name: 'Test', last_name: 'Test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, cookie: `applicant_session=${await createSession(t.db, 'applicant', id, 3600)}` };
}

// The same cases with the files in this server's folder and in an S3-compatible store.
describe.each(['local', 's3'] as const)('files kept in the %s store', (storage) => {
  beforeAll(async () => {
    // 1 MB, the smallest the setting allows, keeps the too-large case cheap.
    t = await createTestApp({ config: { uploadMaxBytes: MB }, storage });
    const { db } = t;
    const a = await applicant('alice@test.se');
    const b = await applicant('bob@test.se');
    alice = a.cookie;
    bob = b.cookie;
    const period = await db
      .insertInto('periods')
      .values({ name: 'Vår 2026', start_date: '2026-01-01', end_date: '2026-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = await db.insertInto('application_types').values({ label: 'Bidrag' }).returning('id').executeTakeFirstOrThrow();
    const other = await db.insertInto('application_types').values({ label: 'Stipendium' }).returning('id').executeTakeFirstOrThrow();
    const question = (application_type_id: number, label: string, fieldType: number) =>
      db
        .insertInto('application_type_field_definitions')
        .values({ application_type_id, label, type: fieldType, options: JSON.stringify([]) })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    mediaQuestion = await question(type.id, 'Budget', 100);
    textQuestion = await question(type.id, 'Beskrivning', 20);
    otherTypesMedia = await question(other.id, 'Intyg', 100);
    const application = (frontend_user_id: number, status: number) =>
      db
        .insertInto('applications')
        .values({ frontend_user_id, period_id: period.id, application_type_id: type.id, status, definitions: JSON.stringify({}) })
        .returning('uuid')
        .executeTakeFirstOrThrow()
        .then((r) => r.uuid);
    aliceDraft = await application(a.id, 10);
    aliceSent = await application(a.id, 20);
    bobDraft = await application(b.id, 10);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each case starts with no files, even after a failed one.
    await t.db.deleteFrom('application_files').execute();
    await rm(uploadsDir(), { recursive: true, force: true });
    await t.storage.remove(await kept());
  });

  describe('uploading', () => {
    it('stores a PDF attachment and a PNG answering a media question under server-made names, and nothing else', async () => {
      const first = await upload(aliceDraft, alice, [file('Budget 2026.pdf', pdf())]);
      expect(first.statusCode).toBe(201);
      const attachment = first.json().data;
      expect(attachment).toMatchObject({ name: 'Budget 2026.pdf', size: pdf().length, mime: 'application/pdf', field_definition_id: null });
      expect(attachment.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(attachment.created_at)).not.toBeNaN();

      // The field may come after the file; the browser's content type is not trusted either way.
      const second = await upload(aliceDraft, alice, [
        file('logga.png', png, 'application/octet-stream'),
        { name: 'field_definition_id', value: String(mediaQuestion) },
      ]);
      expect(second.statusCode).toBe(201);
      const answer = second.json().data;
      expect(answer).toMatchObject({ name: 'logga.png', mime: 'image/png', size: png.length, field_definition_id: mediaQuestion });

      expect(await onDisk()).toEqual([attachment.uuid, answer.uuid].sort());
      expect(await content(attachment.uuid)).toEqual(pdf());
      expect(await content(answer.uuid)).toEqual(png);
      expect((await rows()).map((r) => r.uuid)).toEqual([attachment.uuid, answer.uuid]);
      for (const r of [attachment, answer]) expect((await remove(aliceDraft, r.uuid, alice)).statusCode).toBe(204);
    });

    it('recognises Word, Excel and OpenDocument files by their content, whatever their names', async () => {
      const cases: [string, Buffer, string][] = [
        ['ansökan.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['budget.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['plan.odt', openDocument('application/vnd.oasis.opendocument.text'), 'application/vnd.oasis.opendocument.text'],
        ['kalkyl', openDocument('application/vnd.oasis.opendocument.spreadsheet'), 'application/vnd.oasis.opendocument.spreadsheet'],
      ];
      for (const [name, content, mime] of cases) {
        const response = await upload(aliceDraft, alice, [file(name, content, 'text/plain')]);
        expect(response.statusCode, name).toBe(201);
        expect(response.json().data).toMatchObject({ name, mime });
        await remove(aliceDraft, response.json().data.uuid, alice);
      }
      expect(await onDisk()).toEqual([]);
    });

    it('refuses a file whose content is not an allowed type, whatever its name, and stores nothing', async () => {
      const zipArchive = zip([['readme.txt', 'hej']]);
      for (const content of [Buffer.from('Det här är bara text.\n'), exe, zipArchive]) {
        const response = await upload(aliceDraft, alice, [file('rapport.pdf', content)]);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: 'Filtypen är inte tillåten, tillåtna är PDF, JPG, PNG, Word, Excel, OpenDocument.',
          errors: { file: ['Filtypen är inte tillåten, tillåtna är PDF, JPG, PNG, Word, Excel, OpenDocument.'] },
        });
      }
      const english = await upload(aliceDraft, alice, [file('program.pdf', exe)], { 'accept-language': 'en-US' });
      expect(english.json().errors).toEqual({ file: ['File type not allowed, allowed are PDF, JPG, PNG, Word, Excel, OpenDocument.'] });
      expect(await rows()).toEqual([]);
      expect(await onDisk()).toEqual([]);
    });

    it('refuses a file over UPLOAD_MAX_MB with 413, naming the limit, and stores nothing; exactly the limit is accepted', async () => {
      const tooLarge = await upload(aliceDraft, alice, [file('stor.pdf', pdf(MB))]);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({
        message: 'Filen är för stor. Den får vara högst 1 MB.',
        errors: { file: ['Filen är för stor. Den får vara högst 1 MB.'] },
      });
      const english = await upload(aliceDraft, alice, [file('stor.pdf', pdf(MB))], { 'accept-language': 'en-US' });
      expect(english.json().message).toBe('The file is too large. It may be at most 1 MB.');
      expect(await rows()).toEqual([]);
      expect(await onDisk()).toEqual([]);

      const exact = await upload(aliceDraft, alice, [file('precis.pdf', pdf(MB - pdf().length))]);
      expect(exact.statusCode).toBe(201);
      expect(exact.json().data.size).toBe(MB);
      await remove(aliceDraft, exact.json().data.uuid, alice);
    });

    it('refuses an empty file, a form without a file, unknown parts and a question that is not a media question of the application’s type', async () => {
      const empty = await upload(aliceDraft, alice, [file('tom.pdf', Buffer.alloc(0))]);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({ file: ['Filen är tom.'] });
      const none = await upload(aliceDraft, alice, [{ name: 'field_definition_id', value: String(mediaQuestion) }]);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ file: ['Välj en fil att ladda upp.'] });
      expect((await upload(aliceDraft, alice, [file('a.pdf', pdf()), { name: 'owner', value: '1' }])).statusCode).toBe(422);
      expect((await upload(aliceDraft, alice, [{ name: 'attachment', filename: 'a.pdf', content: pdf() }])).statusCode).toBe(422);
      expect((await upload(aliceDraft, alice, [file('a.pdf', pdf()), file('b.pdf', pdf())])).statusCode).toBe(422);
      for (const value of [String(textQuestion), String(otherTypesMedia), '999999', 'budget', '-1']) {
        const response = await upload(aliceDraft, alice, [{ name: 'field_definition_id', value }, file('a.pdf', pdf())]);
        expect(response.statusCode, value).toBe(422);
        expect(response.json().errors).toEqual({ field_definition_id: ['Filen kan inte kopplas till den frågan i ansökan.'] });
      }
      // Malformed bodies: no boundary, and a form cut off before its end.
      const url = `/api/v1/portal/applications/${aliceDraft}/files`;
      const noBoundary = await call(t.app, {
        method: 'POST',
        url,
        cookie: alice,
        payload: pdf(),
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json()).toEqual({ message: 'De angivna uppgifterna var ogiltiga.' });
      const cut = multipart([file('a.pdf', pdf(5000))]);
      const truncated = await call(t.app, {
        method: 'POST',
        url,
        cookie: alice,
        payload: cut.payload.subarray(0, 3000),
        headers: cut.headers,
      });
      expect(truncated.statusCode).toBe(400);
      const json = await call(t.app, {
        method: 'POST',
        url: `/api/v1/portal/applications/${aliceDraft}/files`,
        cookie: alice,
        payload: { data: {} },
      });
      expect(json.statusCode).toBe(415);
      expect(await rows()).toEqual([]);
      expect(await onDisk()).toEqual([]);
    });

    it('keeps the original name for display only: no path parts or control characters, at most 255 characters', async () => {
      const response = await upload(aliceDraft, alice, [file('C:\\Users\\sara\\Ans\u0007ökan\u202E.pdf', pdf())]);
      expect(response.statusCode).toBe(201);
      expect(response.json().data.name).toBe('Ansökan.pdf');
      expect(await onDisk()).toEqual([response.json().data.uuid]);
      await remove(aliceDraft, response.json().data.uuid, alice);

      expect(displayName('../../etc/passwd', 'file.pdf')).toBe('passwd');
      expect(displayName('a\u0000b\r\nc.pdf', 'file.pdf')).toBe('abc.pdf');
      expect(displayName('  \u0001 ', 'file.pdf')).toBe('file.pdf');
      expect(displayName('Ansökan.pdf'.normalize('NFD'), 'x')).toBe('Ansökan.pdf'.normalize('NFC'));
      expect(Array.from(displayName('å'.repeat(300), 'x'))).toHaveLength(255);
    });

    it('removes the partial file when the client goes away mid-upload', async () => {
      const body = multipart([file('avbruten.pdf', pdf(200_000))]);
      let partial: string[] = [];
      let sent = false;
      const payload = new Readable({
        read() {
          if (sent) return;
          sent = true;
          this.push(body.payload.subarray(0, 100_000));
          // Once the server has started writing the file, note what is on disk, then drop the connection.
          void vi
            .waitFor(
              async () => {
                partial = await onDisk();
                expect(partial).toEqual([expect.stringMatching(/^\.upload-/)]);
              },
              { timeout: 5_000 },
            )
            .catch(() => {}) // the assertion on `partial` below reports it
            .finally(() => this.destroy(new Error('connection reset')));
        },
      });
      const response = await t.app
        .inject({
          method: 'POST',
          url: `/api/v1/portal/applications/${aliceDraft}/files`,
          payload,
          headers: { ...body.headers, cookie: alice, 'x-requested-with': 'XMLHttpRequest' },
        })
        .catch((error: Error) => error);
      expect(response).toBeInstanceOf(Error);
      expect(partial).toEqual([expect.stringMatching(/^\.upload-/)]);
      await vi.waitFor(async () => expect(await onDisk()).toEqual([]));
      expect(await rows()).toEqual([]);
    });

    it('keeps the CSRF rule: an upload without X-Requested-With is refused before anything is stored', async () => {
      const body = multipart([file('a.pdf', pdf())]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/portal/applications/${aliceDraft}/files`,
        payload: body.payload,
        headers: { ...body.headers, cookie: alice },
      });
      expect(response.statusCode).toBe(403);
      expect(await onDisk()).toEqual([]);
    });
  });

  describe('removing and the draft rule', () => {
    it('removes a draft’s file with its stored copy', async () => {
      const { uuid } = (await upload(aliceDraft, alice, [file('a.pdf', pdf())])).json().data;
      expect(await onDisk()).toEqual([uuid]);
      expect((await remove(aliceDraft, uuid, alice)).statusCode).toBe(204);
      expect(await rows()).toEqual([]);
      expect(await onDisk()).toEqual([]);
      expect((await remove(aliceDraft, uuid, alice)).statusCode).toBe(404);
      expect((await download(aliceDraft, uuid, alice)).statusCode).toBe(404);
    });

    it('answers 409 to uploads and removals once the application is sent in, and still lets the applicant download', async () => {
      const refused = await upload(aliceSent, alice, [file('sen.pdf', pdf())]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Ansökan är redan inskickad och kan inte ändras. Skriv till oss i dialogen om något behöver rättas.',
      );
      expect(await onDisk()).toEqual([]);

      const { uuid } = (await upload(aliceDraft, alice, [file('a.pdf', pdf())])).json().data;
      await t.db.updateTable('applications').set({ status: 20 }).where('uuid', '=', aliceDraft).execute();
      try {
        expect((await remove(aliceDraft, uuid, alice)).statusCode).toBe(409);
        expect(await onDisk()).toEqual([uuid]);
        expect((await download(aliceDraft, uuid, alice)).statusCode).toBe(200);
      } finally {
        await t.db.updateTable('applications').set({ status: 10 }).where('uuid', '=', aliceDraft).execute();
      }
      await remove(aliceDraft, uuid, alice);
    });
  });

  describe('who may see a file', () => {
    it('answers 404 to another applicant, to a file of another application, and to unknown or malformed uuids; 401 without a session', async () => {
      const { uuid } = (await upload(aliceDraft, alice, [file('a.pdf', pdf())])).json().data;
      expect((await upload(aliceDraft, bob, [file('b.pdf', pdf())])).statusCode).toBe(404);
      expect((await download(aliceDraft, uuid, bob)).statusCode).toBe(404);
      expect((await remove(aliceDraft, uuid, bob)).statusCode).toBe(404);
      // Bob's own application with Alice's file in the URL.
      expect((await download(bobDraft, uuid, bob)).statusCode).toBe(404);
      expect((await remove(bobDraft, uuid, bob)).statusCode).toBe(404);
      expect((await download(aliceDraft, randomUUID(), alice)).statusCode).toBe(404);
      expect((await download(randomUUID(), uuid, alice)).statusCode).toBe(404);
      expect((await download('not-a-uuid', uuid, alice)).statusCode).toBe(404);
      expect((await upload('1', alice, [file('a.pdf', pdf())])).statusCode).toBe(404);
      const anonymous = await upload(aliceDraft, undefined, [file('a.pdf', pdf())]);
      expect(anonymous.statusCode).toBe(401);
      expect((await download(aliceDraft, uuid)).statusCode).toBe(401);
      expect((await remove(aliceDraft, uuid)).statusCode).toBe(401);
      expect(await onDisk()).toEqual([uuid]);
      expect((await rows()).map((r) => r.uuid)).toEqual([uuid]);
      await remove(aliceDraft, uuid, alice);
    });

    it('downloads as an attachment with the original name (RFC 5987 for å, ä, ö), the stored type and nosniff', async () => {
      const { uuid } = (await upload(aliceDraft, alice, [file('Ansökan till Sparbanksstiftelsen – äö.pdf', pdf(), 'text/html')])).json()
        .data;
      const response = await download(aliceDraft, uuid, alice);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Ansokan till Sparbanksstiftelsen _ ao.pdf"; filename*=UTF-8''Ans%C3%B6kan%20till%20Sparbanksstiftelsen%20%E2%80%93%20%C3%A4%C3%B6.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-length']).toBe(String(pdf().length));
      expect(response.rawPayload).toEqual(pdf());
      expect(attachmentHeader('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
      await remove(aliceDraft, uuid, alice);
    });

    it('lets staff who manage or investigate applications download once it is sent in, and refuses everyone else on the staff route', async () => {
      const { uuid } = (await upload(aliceDraft, alice, [file('Budget.pdf', pdf())])).json().data;
      await createStaff(t.db, 'admin', 'admin@test.se');
      await createStaff(t.db, 'utredare', 'utredare@test.se');
      // A draft is the applicant's alone.
      expect((await staffDownload(aliceDraft, uuid, await sessionCookie(t.app, 'admin@test.se'))).statusCode).toBe(404);
      const sentIn = (status: number) => t.db.updateTable('applications').set({ status }).where('uuid', '=', aliceDraft).execute();
      await sentIn(enums.application_status.received);
      for (const email of ['admin@test.se', 'utredare@test.se']) {
        const response = await staffDownload(aliceDraft, uuid, await sessionCookie(t.app, email));
        expect(response.statusCode, email).toBe(200);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="Budget.pdf"; filename*=UTF-8''Budget.pdf`);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.rawPayload).toEqual(pdf());
      }
      const admin = await sessionCookie(t.app, 'admin@test.se');
      expect((await staffDownload(bobDraft, uuid, admin)).statusCode).toBe(404);
      expect((await staffDownload(aliceDraft, randomUUID(), admin)).statusCode).toBe(404);

      // A staff user whose role has neither ability.
      await t.db.insertInto('roles').values({ name: 'reader' }).execute();
      await t.db
        .insertInto('users')
        .values({ first_name: 'R', last_name: 'L', email: 'reader@test.se', role: 'reader', password_hash: await hashPassword(PASSWORD) })
        .execute();
      expect((await staffDownload(aliceDraft, uuid, await sessionCookie(t.app, 'reader@test.se'))).statusCode).toBe(403);
      expect((await staffDownload(aliceDraft, uuid, alice)).statusCode).toBe(401);
      expect((await staffDownload(aliceDraft, uuid)).statusCode).toBe(401);
      await sentIn(enums.application_status.draft);
      await remove(aliceDraft, uuid, alice);
    });
  });

  describe('API document', () => {
    it('describes the file routes with their tags and summaries', async () => {
      const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
      const upload = paths['/portal/applications/{uuid}/files'].post;
      expect(upload.tags).toEqual(['portal']);
      expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
      expect(paths['/portal/applications/{uuid}/files/{fileUuid}'].delete.summary).toBeTruthy();
      expect(paths['/applications/{uuid}/files/{fileUuid}'].get.tags).toEqual(['applications']);
    });
  });
});
