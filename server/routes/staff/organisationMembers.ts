import { Type } from 'typebox';
import { accessRequestFile, accessRequests, decideAccess } from '../../organisations/accessRequests.js';
import { sendStoredFile } from '../../uploads/send.js';
import { addMemberByStaff, removeMember } from '../../organisations/members.js';
import { organisationPeople } from '../../organisations/organisationPage.js';
import { body, data, email, id, type Api } from '../schemas.js';
import { accessRequest, memberRole, organisationPeople as peopleSchema } from '../schemas/organisations.js';

const organisationParams = Type.Object({ id });
const reason = Type.String({ maxLength: 2000, description: 'Why: kept in the organisation’s history' });

/**
 * An organisation's people as staff manage them (those who manage the register): its members, roles, invitations and
 * history; a member added or removed with a reason; the requests for access to an organisation nobody is left in.
 */
export default async function organisationMemberRoutes(app: Api) {
  const { db, mailer, config } = app;
  const deps = { mailer, config };
  const tags = ['organisations'];
  const access = { access: { abilities: 'manage-organisations' as const, reaches: 'nothing' as const } };
  const people = { 200: data(peopleSchema) };

  app.get(
    '/organisations/:id/members',
    {
      config: access,
      schema: {
        tags,
        summary: 'The organisation’s members and roles, the invitations waiting and its history',
        params: organisationParams,
        response: people,
      },
    },
    async (request) => ({ data: await organisationPeople(db, request.params.id, app.clock.now()) }),
  );

  app.post(
    '/organisations/:id/members',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Adds a person by their portal account’s address, or gives a member the role, with a reason (422 beside email for no account)',
        params: organisationParams,
        body: body({ email, role: memberRole, reason }),
        response: people,
      },
    },
    async (request) => {
      const now = app.clock.now();
      await addMemberByStaff(db, deps, request.params.id, request.body.data, request.staff!.id, now);
      return { data: await organisationPeople(db, request.params.id, now) };
    },
  );

  app.delete(
    '/organisations/:id/members/:member_id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Removes a member with a reason; they reach nothing of the organisation’s at once',
        params: Type.Object({ id, member_id: id }),
        body: body({ reason }),
        response: people,
      },
    },
    async (request) => {
      const now = app.clock.now();
      const reason = request.body.data.reason.trim();
      await removeMember(db, deps, request.params.id, request.params.member_id, { staffId: request.staff!.id, reason }, now);
      return { data: await organisationPeople(db, request.params.id, now) };
    },
  );

  app.get(
    '/organisation-access-requests',
    {
      config: access,
      schema: {
        tags,
        summary: 'Requests for access to organisations nobody is left in: those waiting first, then the decided',
        response: { 200: data(Type.Array(accessRequest)) },
      },
    },
    async () => ({
      data: (await accessRequests(db)).map(
        ({ first_name, last_name, decided_by_first_name, decided_by_last_name, file_name, file_size, ...row }) => ({
          ...row,
          file: file_name === null ? null : { name: file_name, size: file_size ?? 0 },
          name: [first_name, last_name].filter(Boolean).join(' ') || null,
          decided_by: [decided_by_first_name, decided_by_last_name].filter(Boolean).join(' ') || null,
        }),
      ),
    }),
  );

  app.get(
    '/organisation-access-requests/:id/file',
    {
      config: access,
      schema: {
        tags,
        summary: 'The file the person attached to their request for access, as a download (404 without one)',
        params: Type.Object({ id }),
      },
    },
    async (request, reply) => sendStoredFile(reply, app.storage, await accessRequestFile(db, request.params.id)),
  );

  for (const decision of ['grant', 'refuse'] as const) {
    app.post(
      `/organisation-access-requests/:id/${decision}`,
      {
        config: access,
        schema: {
          tags,
          summary:
            decision === 'grant'
              ? 'Grants a waiting request: the person becomes the organisation’s signatory (409 once decided)'
              : 'Refuses a waiting request with a reason (409 once decided)',
          params: Type.Object({ id }),
          body: body({ reason }, decision === 'grant' ? [] : ['reason']),
        },
      },
      async (request, reply) => {
        const outcome = decision === 'grant' ? 'granted' : 'refused';
        await decideAccess(db, deps, request.params.id, outcome, request.staff!.id, request.body.data.reason ?? '', app.clock.now());
        return reply.status(204).send();
      },
    );
  }
}
