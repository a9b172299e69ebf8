import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { releasedAs } from '../test/handlingFixtures.js';
import { operationsOf, plausible, type Operation } from '../test/openApi.js';
import { organisationPeople, type Person } from '../test/organisationFixtures.js';
import { call, createTestApp, type TestApp } from '../test/testApp.js';

// Every portal operation that names an application, a file or an organisation (its people, its invitations), tried on one organisation's by people
// who must reach nothing of it: a member of another organisation, a member removed, and one invited who has not yet
// accepted. Each is refused as if it did not exist, and nothing of the organisation changes.

let t: TestApp;
let people: ReturnType<typeof organisationPeople>;
const ids = { organisation: 0, member: 0, invitation: 0, uuid: '', fileUuid: '', payout: 0 };
let outsiders: Record<string, Person>;
let insider: Person;

beforeAll(async () => {
  t = await createTestApp();
  people = organisationPeople(t);
  const a = await people.organisationWithTwo('member');
  const b = await people.organisationWithTwo('signatory');
  ids.organisation = a.id;
  ids.uuid = a.application.uuid;
  insider = a.treasurer;

  // Its application approved and told, with a grant, an instalment asked for, a follow-up asked for and a file.
  const { id } = await t.db
    .updateTable('applications')
    .set({
      status: enums.application_status.approved,
      approved_money: 30_000_00,
      ...releasedAs(enums.application_status.approved, 30_000_00),
    })
    .where('uuid', '=', ids.uuid)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('grants').values({ application_id: id, accepted_at: new Date(), accepted_by: a.chair.id }).execute();
  const instalment = await t.db
    .insertInto('payout_instalments')
    .values({ application_id: id, position: 1, amount: 30_000_00, due: enums.payout_due.at_acceptance })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.payout = (
    await t.db
      .insertInto('payouts')
      .values({
        instalment_id: instalment.id,
        application_id: id,
        amount: 30_000_00,
        account_type: 'bankgiro',
        account_number: '50501055',
        requested_by: a.chair.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db.insertInto('application_followups').values({ application_id: id, requested_at: new Date() }).execute();
  await t.db.updateTable('applications').set({ followup_at: '2027-01-31' }).where('id', '=', id).execute();
  ids.fileUuid = (
    await t.db
      .insertInto('application_files')
      .values({ application_id: id, name: 'budget.pdf', mime: 'application/pdf', size: 10 })
      .returning('uuid')
      .executeTakeFirstOrThrow()
  ).uuid;

  // One removed, one invited who has not accepted.
  const removed = await people.person('Avgången');
  await people.join(a.id, a.chair, removed, 'signatory');
  const membership = await t.db
    .selectFrom('organisation_members')
    .select('id')
    .where('organisation_id', '=', a.id)
    .where('frontend_user_id', '=', removed.id)
    .executeTakeFirstOrThrow();
  expect((await people.api('DELETE', `/portal/organisations/${a.id}/members/${membership.id}`, a.chair.cookie)).statusCode).toBe(204);
  const invitee = await people.person('Inbjuden');
  await people.api('POST', `/portal/organisations/${a.id}/invitations`, a.chair.cookie, { email: invitee.email, role: 'signatory' });
  ids.member = (
    await t.db.selectFrom('organisation_members').select('id').where('frontend_user_id', '=', a.treasurer.id).executeTakeFirstOrThrow()
  ).id;
  ids.invitation = (
    await t.db.selectFrom('organisation_invitations').select('id').where('email', '=', invitee.email).executeTakeFirstOrThrow()
  ).id;
  outsiders = { 'a member of another organisation': b.chair, 'a member removed': removed, 'one invited, not yet accepted': invitee };
  // Another organisation's applicant names this one's number, and keeps their application as their own.
  await people.applyFor(b.treasurer, a.number);
});
afterAll(() => t.close());

const values: Record<string, () => string> = {
  uuid: () => ids.uuid,
  fileUuid: () => ids.fileUuid,
  id: () => String(ids.organisation),
  member_id: () => String(ids.member),
  invitation_id: () => String(ids.invitation),
};

/**
 * The portal's operations that name something of an applicant's or organisation's in their path, with this
 * organisation's values put in: not the register's lookup by number, nor an application type's eligibility check, which
 * every applicant may read and answer.
 */
function namedOperations(): { operation: Operation; path: string }[] {
  return operationsOf(t.app.swagger() as never)
    .filter(
      (op) =>
        op.path.startsWith('/portal/') &&
        op.path.includes('{') &&
        !op.path.includes('{org_number}') &&
        !op.path.startsWith('/portal/application-types/'),
    )
    .map((operation) => ({
      operation,
      path: operation.path.replace('/payouts/{id}/', `/payouts/${ids.payout}/`).replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!values[name]) throw new Error(`No value for {${name}} in ${operation.path}`);
        return values[name]();
      }),
    }));
}

/** What of the organisation a change could touch: its application, its people and its invitations. */
const stateOfTheOrganisation = async () =>
  JSON.stringify(
    await Promise.all([
      t.db.selectFrom('applications').selectAll().where('uuid', '=', ids.uuid).execute(),
      t.db.selectFrom('organisation_members').selectAll().where('organisation_id', '=', ids.organisation).orderBy('id').execute(),
      t.db.selectFrom('organisation_invitations').selectAll().where('organisation_id', '=', ids.organisation).orderBy('id').execute(),
      t.db
        .selectFrom('grants as g')
        .innerJoin('applications as a', 'a.id', 'g.application_id')
        .selectAll('g')
        .where('a.uuid', '=', ids.uuid)
        .execute(),
      t.db
        .selectFrom('application_files as f')
        .innerJoin('applications as a', 'a.id', 'f.application_id')
        .select('f.uuid')
        .where('a.uuid', '=', ids.uuid)
        .execute(),
    ]),
  );

describe('an organisation’s applications and people on every portal operation', () => {
  it('are reached by its member', async () => {
    for (const url of [
      `/portal/applications/${ids.uuid}`,
      `/portal/applications/${ids.uuid}/grant`,
      `/portal/organisations/${ids.organisation}/members`,
    ]) {
      expect((await people.api('GET', url, insider.cookie)).statusCode, url).toBe(200);
    }
  });

  it(
    'are refused to a member of another organisation, one removed and one invited who has not accepted, and unchanged',
    { timeout: 120_000 },
    async () => {
      const operations = namedOperations();
      expect(operations.length).toBeGreaterThanOrEqual(20);
      const problems: string[] = [];
      for (const [who, outsider] of Object.entries(outsiders)) {
        for (const { operation, path } of operations) {
          const before = await stateOfTheOrganisation();
          const body = operation.body ? plausible(operation.body) : undefined;
          const response = await call(t.app, {
            method: operation.method,
            url: `/api/v1${path}`,
            cookie: outsider.cookie,
            ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          // An organisation nobody has left is the one thing a stranger may ask about: whether it has people (409).
          const expected = operation.path === '/portal/organisations/{id}/access-requests' ? 409 : 404;
          if (response.statusCode !== expected) problems.push(`${who}: ${operation.method} ${path} answered ${response.statusCode}`);
          if ((await stateOfTheOrganisation()) !== before) problems.push(`${who}: ${operation.method} ${path} changed the organisation’s`);
        }
        const listed = (await people.api('GET', '/portal/applications', outsider.cookie)).json().data as { uuid: string }[];
        if (listed.some((a) => a.uuid === ids.uuid)) problems.push(`${who}: the dashboard lists the organisation’s application`);
        const grants = (await people.api('GET', '/portal/grants', outsider.cookie)).json().data as { uuid: string }[];
        if (grants.some((g) => g.uuid === ids.uuid)) problems.push(`${who}: the grants list the organisation’s grant`);
      }
      expect(problems).toEqual([]);
    },
  );
});
