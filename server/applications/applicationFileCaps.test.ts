import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { multipart, pdf } from '../test/multipart.js';
import { call, createTestApp, type TestApp } from '../test/testApp.js';

// Caps small enough to reach in a test: three files, 200 000 bytes in all.
let t: TestApp;
let periodId: number;
let applicants = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { applicationFileCaps: { files: 3, bytes: 200_000 } } });
  periodId = (await createPeriod(t.db, 'Filtak')).id;
});
afterAll(() => t.close());

async function application(status: number = enums.application_status.draft) {
  const applicantId = await createApplicant(t.db, `tak${++applicants}@test.se`);
  const row = await createApplication(t.db, { periodId, frontendUserId: applicantId, status });
  return { ...row, cookie: await applicantCookie(t.db, applicantId) };
}

const upload = (a: { uuid: string; cookie: string }, content = pdf()) => {
  const form = multipart([{ name: 'file', filename: 'Bilaga.pdf', content }]);
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${a.uuid}/files`,
    cookie: a.cookie,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'en-US' },
  });
};
const filesOf = (id: number) => t.db.selectFrom('application_files').select('uuid').where('application_id', '=', id).execute();
const onDisk = async () => (await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[])).length;

describe('the files of one application', () => {
  it('are at most so many: one more is refused with the message, and nothing of it is stored', async () => {
    const a = await application();
    for (let i = 0; i < 3; i++) expect((await upload(a)).statusCode).toBe(201);
    const before = await onDisk();
    const refused = await upload(a);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      file: ['The application already holds as many files as it may, 3. Remove a file before you upload another.'],
    });
    expect(await filesOf(a.id)).toHaveLength(3);
    expect(await onDisk()).toBe(before);
  });

  it('are at most so large in all', async () => {
    const a = await application();
    expect((await upload(a, pdf(120_000))).statusCode).toBe(201);
    const before = await onDisk();
    const refused = await upload(a, pdf(100_000));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors.file[0]).toMatch(/^An application’s files may be at most 0\.1 MB in all, and 0 MB is left\./);
    expect(await filesOf(a.id)).toHaveLength(1);
    expect(await onDisk()).toBe(before);
    expect((await upload(a, pdf(10_000))).statusCode).toBe(201);
  });

  it('cannot pass the cap together when two are uploaded at once', async () => {
    const a = await application();
    for (let i = 0; i < 2; i++) expect((await upload(a)).statusCode).toBe(201);
    const answers = (await Promise.all([upload(a), upload(a)])).map((r) => r.statusCode).sort();
    expect(answers).toEqual([201, 422]);
    expect(await filesOf(a.id)).toHaveLength(3);
  });

  it('count a message’s attachments too', async () => {
    const a = await application(enums.application_status.received);
    await t.db
      .insertInto('application_files')
      .values(
        [1, 2, 3].map((n) => ({
          application_id: a.id,
          uuid: crypto.randomUUID(),
          name: `Fil ${n}.pdf`,
          mime: 'application/pdf',
          size: 10,
        })),
      )
      .execute();
    const form = multipart([
      { name: 'body', value: 'Här är ett underlag till.' },
      { name: 'files', filename: 'Underlag.pdf', content: pdf() },
    ]);
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/v1/portal/applications/${a.uuid}/messages`,
      cookie: a.cookie,
      payload: form.payload,
      headers: form.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['files']);
    expect(await t.db.selectFrom('application_messages').select('id').where('application_id', '=', a.id).execute()).toEqual([]);
  });
});
