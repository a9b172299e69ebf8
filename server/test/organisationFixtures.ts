import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { luhn } from '../../resources/validators.js';
import { addDays, stockholmDay } from '../clock.js';
import { applicantCookie, completeAnswers, createApplicant } from './handlingFixtures.js';
import { call, type TestApp } from './testApp.js';

/**
 * Organisations and their people made through the portal's API, for the tests of who reaches an organisation's
 * applications: a period open today with a type of its own, people, and applications sent in for an organisation.
 */

/** An organisation number of its own for each test: third digit 2 or more, Luhn-valid. */
export function orgNumber() {
  for (;;) {
    const digits = `55${2 + randomInt(8)}${randomInt(1_000_000).toString().padStart(6, '0')}`;
    for (let check = 0; check < 10; check += 1) if (luhn(`${digits}${check}`)) return `${digits.slice(0, 6)}-${digits.slice(6)}${check}`;
  }
}

export interface Person {
  id: number;
  email: string;
  cookie: string;
}

export function organisationPeople(t: TestApp) {
  let period: Promise<{ id: number; typeId: number }> | undefined;
  /** A period open from a month ago to two months ahead, taking a type of its own. */
  const openPeriod = () =>
    (period ??= (async () => {
      const today = stockholmDay(new Date());
      const row = await t.db
        .insertInto('periods')
        .values({ name: `Föreningsstöd ${randomUUID()}`, start_date: addDays(today, -30), end_date: addDays(today, 60) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const type = await t.db
        .insertInto('application_types')
        .values({ label: 'Föreningsbidrag' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('period_application_types').values({ period_id: row.id, application_type_id: type.id }).execute();
      return { id: row.id, typeId: type.id };
    })());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, data?: unknown) =>
    call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data === undefined ? {} : { payload: { data } }) });

  async function person(firstName: string, locale = 'sv-SE', lastName = 'Föreningsdotter'): Promise<Person> {
    const email = `${randomUUID()}@people.test`;
    const id = await createApplicant(t.db, email, firstName, lastName);
    await t.db
      .updateTable('frontend_users')
      .set({ locale, phone: '070-123 45 67', verified_at: new Date() })
      .where('id', '=', id)
      .execute();
    return { id, email, cookie: await applicantCookie(t.db, id) };
  }

  /** A draft for the organisation, filled in completely, by `who`. */
  async function draftFor(who: Person, number: string) {
    const { id, typeId } = await openPeriod();
    const started = await api('POST', '/portal/applications', who.cookie, { period_id: id, application_type_id: typeId });
    expect(started.statusCode, started.body).toBe(201);
    const { uuid } = started.json<{ data: { uuid: string } }>().data;
    const saved = await api('PUT', `/portal/applications/${uuid}`, who.cookie, { ...completeAnswers(who.email), org_number: number });
    expect(saved.statusCode, saved.body).toBe(200);
    return uuid;
  }

  async function applyFor(who: Person, number: string) {
    const uuid = await draftFor(who, number);
    const sent = await api('POST', `/portal/applications/${uuid}/submit`, who.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    return { uuid, answer: sent.json<{ data: Record<string, unknown> }>().data };
  }

  const organisationOf = (number: string) =>
    t.db.selectFrom('organisations').select(['id', 'name']).where('org_number', '=', number).executeTakeFirstOrThrow();

  /** The link's token of the newest invitation mailed to the address, and the mail. */
  async function invitationToken(email: string) {
    const mail = await t.db
      .selectFrom('outbox')
      .select(['body_text', 'subject'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/inbjudan\/([A-Za-z0-9_-]{43})/.exec(mail.body_text)?.[1];
    expect(token).toBeDefined();
    return { token: token!, mail };
  }

  /** `who` invited by the signatory, and accepted as `role`. */
  async function join(organisationId: number, signatory: Person, who: Person, role: 'signatory' | 'member') {
    const invited = await api('POST', `/portal/organisations/${organisationId}/invitations`, signatory.cookie, { email: who.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await api('POST', '/portal/invitations/accept', who.cookie, { token: (await invitationToken(who.email)).token });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  /** An organisation applied for by its first signatory, with a second person invited and accepted as `role`. */
  async function organisationWithTwo(role: 'signatory' | 'member' = 'member') {
    const number = orgNumber();
    const chair = await person('Ordförande');
    const treasurer = await person('Kassör');
    const application = await applyFor(chair, number);
    const { id } = await organisationOf(number);
    await join(id, chair, treasurer, role);
    return { number, id, chair, treasurer, application };
  }

  return { api, person, draftFor, applyFor, organisationOf, invitationToken, join, organisationWithTwo };
}
