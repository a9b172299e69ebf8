import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { deleteApplication, deletionLog, deletionLogGrammar, deletionPreview } from '../../applications/deletion.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { applicationPeriod, periodsList } from '../scopes.js';
import { data, dateTime, knownUuids, listPageSchema, Nullable, type Api } from '../schemas.js';

const tags = ['applications'];
const manageOne: FastifyContextConfig = {
  access: { abilities: 'manage-applications', scope: applicationPeriod },
  resource: 'applications',
};
const manageList: FastifyContextConfig = { access: { abilities: 'manage-applications', scope: periodsList }, resource: 'applications' };

const { Integer, Boolean, Optional } = Type;
const Text = Type.String;
const uuidParams = Type.Object({ uuid: Text() });

const contents = {
  files: Integer({ description: 'Its files: the form’s, the dialogue’s attachments and the follow-up’s' }),
  messages: Integer({ description: 'Messages of the dialogue' }),
  followup: Boolean({ description: 'Whether a follow-up was requested (with its report, if sent in)' }),
};
const logEntry = Type.Object({
  id: Integer(),
  reference: Nullable(Text()),
  application_uuid: Text(),
  period: Type.Object({ id: Integer(), name: Text() }),
  status: Integer({ description: 'Its status when deleted' }),
  ...contents,
  deleted_at: dateTime,
  deleted_by: Type.Object({ id: Integer(), name: Text() }),
});

/**
 * Deleting an application (SPEC.md §6: manage-applications' delete), with what it removes said first, and the log of
 * deletions, which outlives the applications. An approved application is kept for the bookkeeping: 409, saying until when.
 */
export default async function applicationDeletionRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/deletions',
    {
      config: manageList,
      schema: {
        tags,
        summary:
          'Who deleted which application and when, with what went with it, newest first (50 a page); sort by deleted_at or reference, search in the references, ?period= one period’s',
        querystring: Type.Object({
          page: Optional(Type.Unknown()),
          per_page: Optional(Type.Unknown()),
          sort: Optional(Type.Unknown()),
          direction: Optional(Type.Unknown()),
          search: Optional(Type.Unknown()),
          period: Optional(Type.Unknown()),
        }),
        response: { 200: listPageSchema(logEntry) },
      },
    },
    async (request) => ({ data: await deletionLog(db, parseListQuery(deletionLogGrammar, request.query), request.scope) }),
  );

  app.get(
    '/applications/:uuid/deletion',
    {
      config: manageOne,
      schema: {
        tags,
        summary:
          'What deleting the application would remove, for the confirmation; 409 for an approved one (kept for the bookkeeping, with until when)',
        params: uuidParams,
        response: {
          200: data(
            Type.Object({
              reference: Nullable(Text()),
              status: Integer(),
              ...contents,
              investigations: Integer({ description: 'Investigators’ proposals' }),
            }),
          ),
        },
      },
    },
    async (request) => {
      // A malformed uuid is unknown like any other: 404, and no database error.
      knownUuids(request.params.uuid);
      return { data: await deletionPreview(db, request.params.uuid, request.locale) };
    },
  );

  app.delete(
    '/applications/:uuid',
    {
      config: manageOne,
      schema: {
        tags,
        summary:
          'Deletes the application with its files, messages, follow-up, investigations and history, and logs who deleted which reference; 409 for an approved one, which the foundation keeps for its bookkeeping',
        params: uuidParams,
        response: { 200: data(logEntry) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      return { data: await deleteApplication(db, app.storage, request.params.uuid, request.staff!.id, app.clock.now(), request.locale) };
    },
  );
}
