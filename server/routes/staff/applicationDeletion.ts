import { Type, type TSchema } from 'typebox';
import { deleteApplication, deletionLog, deletionLogGrammar, deletionPreview } from '../../applications/deletion.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { data, knownUuids, listPageSchema, type Api } from '../schemas.js';
import { applicationDeletion, applicationDeletionPreview } from '../schemas/applicationDeletion.js';
import { manageApplication, manageApplicationList } from '../applicationAccess.js';

const tags = ['applications'];

const { Optional } = Type;
const Text = Type.String;
const uuidParams = Type.Object({ uuid: Text() });

/**
 * Deleting an application (for those who manage applications), with what it removes said first, and the log of
 * deletions, which outlives the applications. An approved application is kept for the bookkeeping: 409, saying until when.
 */
export default async function applicationDeletionRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/deletions',
    {
      config: manageApplicationList,
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
        response: { 200: listPageSchema(applicationDeletion) },
      },
    },
    async (request) => ({ data: await deletionLog(db, parseListQuery(deletionLogGrammar, request.query), request.scope) }),
  );

  /** The application in the path, for those who manage applications; a malformed uuid is unknown like any other (404). */
  const oneApplication = <R extends TSchema>(summary: string, response: R) => ({
    config: manageApplication,
    schema: { tags, summary, params: uuidParams, response: { 200: data(response) } },
  });

  app.get(
    '/applications/:uuid/deletion',
    oneApplication(
      'What deleting the application would remove, for the confirmation; 409 for an approved one (kept for the bookkeeping, with until when)',
      applicationDeletionPreview,
    ),
    async (request) => {
      knownUuids(request.params.uuid);
      return { data: await deletionPreview(db, request.params.uuid, request.locale) };
    },
  );

  app.delete(
    '/applications/:uuid',
    oneApplication(
      'Deletes the application with its files, messages, follow-up, investigations and history, and logs who deleted which reference; 409 for an approved one, which the foundation keeps for its bookkeeping',
      applicationDeletion,
    ),
    async (request) => {
      knownUuids(request.params.uuid);
      return { data: await deleteApplication(db, app.storage, request.params.uuid, request.staff!.id, app.clock.now(), request.locale) };
    },
  );
}
