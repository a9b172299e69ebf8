import { Type } from 'typebox';
import { assertMember, changeRole, organisationsOf, removeMember } from '../../organisations/members.js';
import { acceptInvitation, invite, withdrawInvitation } from '../../organisations/invitations.js';
import multipart from '@fastify/multipart';
import { askForAccess, attachToAccessRequest } from '../../organisations/accessRequests.js';
import { multipartLimits } from '../../uploads/receive.js';
import { organisationPeople } from '../../organisations/organisationPage.js';
import { body, data, email, id, type Api } from '../schemas.js';
import { memberRole, myOrganisation, organisationPeople as peopleSchema } from '../schemas/organisations.js';

const organisationParams = Type.Object({ id });
const memberParams = Type.Object({ id, member_id: id });

/**
 * An organisation's people as its members see them in the portal: who they are, inviting (a signatory), leaving,
 * removing (a signatory), and asking staff for access where nobody is left. One who is not a member reaches nothing of
 * an organisation but the request for access (404 as for an unknown one).
 */
export default async function applicantOrganisationRoutes(app: Api) {
  const { db, mailer, config } = app;
  const deps = { mailer, config };
  // Registered here, so only these routes accept multipart bodies (a request for access's file); the app's access and
  // CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(config.uploadMaxBytes), throwFileSizeLimit: false });
  const tags = ['portal'];
  const access = { access: 'applicant' as const };
  const people = { 200: data(peopleSchema) };

  app.get(
    '/portal/organisations/mine',
    {
      config: access,
      schema: {
        tags,
        summary: 'The organisations the applicant is a member of, with their role',
        response: { 200: data(Type.Array(myOrganisation)) },
      },
    },
    async (request) => ({ data: await organisationsOf(db, request.applicant!.id) }),
  );

  app.get(
    '/portal/organisations/:id/members',
    {
      config: access,
      schema: {
        tags,
        summary: 'The organisation’s members and roles, the invitations waiting and its history; to its members only',
        params: organisationParams,
        response: people,
      },
    },
    async (request) => {
      const role = await assertMember(db, request.params.id, request.applicant!.id);
      return { data: { ...(await organisationPeople(db, request.params.id, app.clock.now())), role } };
    },
  );

  app.post(
    '/portal/organisations/:id/members',
    {
      config: access,
      schema: {
        tags,
        summary: 'Gives a member another role: a signatory names another signatory, or makes one a member (not the last signatory: 409)',
        params: organisationParams,
        body: body({ member_id: id, role: memberRole }),
        response: people,
      },
    },
    async (request) => {
      const me = request.applicant!.id;
      await assertMember(db, request.params.id, me);
      const now = app.clock.now();
      await changeRole(db, deps, request.params.id, request.body.data.member_id, request.body.data.role, { applicantId: me }, now);
      return { data: { ...(await organisationPeople(db, request.params.id, now)), role: await assertMember(db, request.params.id, me) } };
    },
  );

  app.delete(
    '/portal/organisations/:id/members/:member_id',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Leaves the organisation (one’s own membership) or removes a member (a signatory); the last signatory names another first (409)',
        description:
          'The one who leaves or is removed reaches nothing of the organisation’s at once. Mailed to its signatories and in its history.',
        params: memberParams,
      },
    },
    async (request, reply) => {
      await assertMember(db, request.params.id, request.applicant!.id);
      await removeMember(db, deps, request.params.id, request.params.member_id, { applicantId: request.applicant!.id }, app.clock.now());
      return reply.status(204).send();
    },
  );

  app.post(
    '/portal/organisations/:id/invitations',
    {
      config: access,
      schema: {
        tags,
        summary: 'A signatory invites a person by e-mail: a link that works once, for 14 days, for that address, mailed in their language',
        params: organisationParams,
        body: body({ email, role: memberRole }),
        response: { 201: data(peopleSchema) },
      },
    },
    async (request, reply) => {
      const me = request.applicant!.id;
      const role = await assertMember(db, request.params.id, me);
      const now = app.clock.now();
      await invite(db, deps, request.params.id, request.body.data, { applicantId: me }, { locale: request.locale, now });
      return reply.status(201).send({ data: { ...(await organisationPeople(db, request.params.id, now)), role } });
    },
  );

  app.delete(
    '/portal/organisations/:id/invitations/:invitation_id',
    {
      config: access,
      schema: {
        tags,
        summary: 'A signatory withdraws an invitation still waiting: its link opens nothing from then on (404 when not waiting)',
        params: Type.Object({ id, invitation_id: id }),
        response: people,
      },
    },
    async (request) => {
      const me = request.applicant!.id;
      const role = await assertMember(db, request.params.id, me);
      const now = app.clock.now();
      await withdrawInvitation(db, request.params.id, request.params.invitation_id, { applicantId: me }, now);
      return { data: { ...(await organisationPeople(db, request.params.id, now)), role } };
    },
  );

  app.post(
    '/portal/invitations/accept',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Accepts an invitation by its link’s token: once, while it works, for the address it was sent to (403 for another’s, 410 spent or expired)',
        body: body({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: data(Type.Object({ organisation_id: Type.Integer() })) },
      },
    },
    async (request) => ({
      data: { organisation_id: await acceptInvitation(db, deps, request.body.data.token, request.applicant!, app.clock.now()) },
    }),
  );

  app.post(
    '/portal/organisations/:id/access-requests/:request_id/file',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Attaches a file to one’s own request for access while it waits (the annual meeting’s minutes, say): multipart with `file`',
        description:
          'PDF, JPG, PNG, Word (.docx), Excel (.xlsx) or OpenDocument (.odt, .ods), recognised by the file’s content; at most UPLOAD_MAX_MB. Replaces an earlier one. 413 when too large, 422 for another type, 404 for another’s request, 409 once decided.',
        params: Type.Object({ id, request_id: id }),
        body: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        response: { 201: data(Type.Object({ name: Type.String(), size: Type.Integer() })) },
      },
      // The body is read as a stream by the handler, which checks every part itself; the schema above documents it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const ids = { organisationId: request.params.id, requestId: request.params.request_id, applicantId: request.applicant!.id };
      const files = { storage: app.storage, dataDir: config.dataDir, uploadMaxBytes: config.uploadMaxBytes };
      return reply.status(201).send({ data: await attachToAccessRequest(db, files, request, ids) });
    },
  );

  app.post(
    '/portal/organisations/:id/access-requests',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Asks the foundation for access to an organisation nobody is left in, with a reason (409 where it has members: a signatory invites)',
        params: organisationParams,
        body: body({ reason: Type.String({ maxLength: 4000 }) }),
        response: { 201: data(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const requestId = await askForAccess(db, request.params.id, request.applicant!.id, request.body.data.reason, app.clock.now());
      return reply.status(201).send({ data: { id: requestId } });
    },
  );
}
