import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { enums } from '../../resources/enums.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { saveDraft } from './drafts.js';

// A draft's save, as the form's route makes it once it has read the draft: a send-in may come between the two.

const { draft, received } = enums.application_status;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function applicationOf(status: number) {
  const period = await createPeriod(t.db, `Utkast ${randomUUID()}`);
  const applicant = await createApplicant(t.db, `${randomUUID()}@test.se`);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId: applicant, status });
  const category = await t.db
    .insertInto('categories')
    .values({ label: `Kategori ${randomUUID()}`, type: enums.category_type.purpose })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { application, applicant, category: category.id };
}

const stored = async (id: number) => ({
  row: await t.db.selectFrom('applications').select(['org_name', 'money', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow(),
  categories: await t.db.selectFrom('application_categories').select('category_id').where('application_id', '=', id).execute(),
});

describe('saving a draft', () => {
  it('answers the row as saved, with or without its categories', async () => {
    const { application, applicant, category } = await applicationOf(draft);
    const saved = await saveDraft(t.db, application.id, { org_name: 'Båtklubben' }, undefined, undefined, new Date(), applicant);
    expect(saved).toMatchObject({ id: application.id, org_name: 'Båtklubben', status: draft });
    const again = await saveDraft(t.db, application.id, { money: 1_200_000 }, undefined, [category], new Date(), applicant);
    expect(again).toMatchObject({ org_name: 'Båtklubben', money: 1_200_000 });
    expect((await stored(application.id)).categories).toEqual([{ category_id: category }]);
  });

  it('is refused (409) once the application is sent in, and changes nothing of it, its categories neither', async () => {
    const { application, applicant, category } = await applicationOf(received);
    const before = await stored(application.id);
    for (const categoryIds of [undefined, [category]]) {
      await expect(
        saveDraft(t.db, application.id, { org_name: 'Ändrad' }, undefined, categoryIds, new Date(), applicant),
      ).rejects.toMatchObject({ status: 409, key: 'errors.not_a_draft' });
    }
    expect(await stored(application.id)).toEqual(before);
  });
});
