import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { multipart, pdf } from '../test/multipart.js';
import { call, createTestApp, type TestApp } from '../test/testApp.js';
import { uploadsDir } from './storage.js';

// The object store going away while the app runs: uploads and downloads answer 503 at once with the translated
// message, nothing is half stored, and the rest of the app works on.

let t: TestApp;
let cookie: string;
let uuid: string;

beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  const period = await createPeriod(t.db, 'Objektlagringsperioden');
  const applicantId = await createApplicant(t.db, 'objektlager@test.se');
  cookie = await applicantCookie(t.db, applicantId);
  uuid = (await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: enums.application_status.draft })).uuid;
});
afterAll(() => t.close());

const upload = () => {
  const form = multipart([{ name: 'file', filename: 'Budget.pdf', content: pdf() }]);
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${uuid}/files`,
    cookie,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'en-US' },
  });
};
const download = (fileUuid: string) =>
  call(t.app, {
    method: 'GET',
    url: `/api/v1/portal/applications/${uuid}/files/${fileUuid}`,
    cookie,
    headers: { 'accept-language': 'sv-SE' },
  });

describe('the object store going away', () => {
  it('answers uploads and downloads 503 at once with the message, stores nothing, and the app works on', async () => {
    const kept = await upload();
    expect(kept.statusCode, kept.body).toBe(201);
    const fileUuid = kept.json().data.uuid as string;
    expect((await download(fileUuid)).statusCode).toBe(200);

    await t.s3!.close();
    const started = performance.now();
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'Files cannot be saved or fetched right now. Please try again in a moment.' });
    const unread = await download(fileUuid);
    expect(unread.statusCode).toBe(503);
    expect(unread.json()).toMatchObject({ message: 'Filerna går inte att spara eller hämta just nu. Försök igen om en stund.' });
    expect(performance.now() - started).toBeLessThan(5_000);

    // Only the first file is stored, and no temporary file is left on the server's disk.
    expect(await t.db.selectFrom('application_files').select('uuid').execute()).toEqual([{ uuid: fileUuid }]);
    expect(await readdir(uploadsDir(t.config.dataDir)).catch(() => [])).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/portal/applications', cookie })).statusCode).toBe(200);
  });
});
