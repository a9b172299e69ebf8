import { createSession } from '../auth/sessions.js';
import type { Db } from '../db/connect.js';
import { completeAnswers, validAnswers } from './handlingFixtures.js';

/**
 * An applicant of their own (`email`), signed in, with a draft of the demo's open period started and filled in
 * completely through the API at `base`, ready to be sent in.
 */
export async function completeDraft(base: string, db: Db, email: string) {
  const { id } = await db
    .insertInto('frontend_users')
    .values({ email, first_name: 'Kim', last_name: 'Klar', phone: '070-123 45 67', verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cookie = `applicant_session=${await createSession(db, 'applicant', id, 3600)}`;
  const period = await db.selectFrom('periods').select('id').where('closed', '=', false).orderBy('id').executeTakeFirstOrThrow();
  const type = await db
    .selectFrom('period_application_types')
    .select('application_type_id')
    .where('period_id', '=', period.id)
    .orderBy('application_type_id')
    .executeTakeFirstOrThrow();
  const api = (method: string, url: string, data: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
      body: JSON.stringify({ data }),
    });
  const started = await api('POST', '/portal/applications', { period_id: period.id, application_type_id: type.application_type_id });
  if (started.status !== 201) throw new Error(`could not start a draft: ${started.status} ${await started.text()}`);
  const draft = ((await started.json()) as { data: { uuid: string; questions: Parameters<typeof validAnswers>[0] } }).data;
  const saved = await api('PUT', `/portal/applications/${draft.uuid}`, {
    ...completeAnswers(email),
    definitions: validAnswers(draft.questions),
  });
  if (saved.status !== 200) throw new Error(`could not fill the draft in: ${saved.status} ${await saved.text()}`);
  return { cookie, uuid: draft.uuid, periodId: period.id };
}
