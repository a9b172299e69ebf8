import { attachmentHeader } from '../uploads/fileName.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Field, ResourceDefinition } from '../../resources/fields.js';
import { partOf, resourceList } from '../../resources/index.js';
import { stockholmDay } from '../clock.js';
import { toCsv } from '../csv.js';
import { invalid } from '../errors.js';
import { id, money, Nullable } from './schemas.js';
import { parseListQuery } from '../lists/listQuery.js';
import { record, listOf } from './scopes.js';
import { toCsvValue } from '../settingsEngine/csvValues.js';
import { resourceHooks } from '../settingsEngine/hooks.js';
import { resourceListGrammar } from '../settingsEngine/listGrammar.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord, type AnyDb } from '../settingsEngine/repository.js';
import { importRows, prepareRecord } from '../settingsEngine/writes.js';

type Query = Record<string, string | string[]>;

const jsonType: Partial<Record<Field['kind'], object>> = {
  integer: { type: ['integer', 'null'] },
  money: Nullable(money()),
  reference: { type: ['integer', 'null'] },
  enum: { type: ['integer', 'null'] },
  boolean: { type: 'boolean' },
  references: { type: 'array', items: { type: 'integer' } },
  options: { type: 'array', items: { type: 'string' } },
};

/**
 * The write body: the declared fields (read-only ones are accepted and ignored, as react-admin sends them back). The
 * fields come from the declaration at run time, so the record is typed as a record of unknown values; prepare() checks each field.
 */
function bodySchema(resource: ResourceDefinition) {
  const properties: Record<string, object> = { id: {} };
  for (const field of resource.fields) properties[field.name] = jsonType[field.kind] ?? { type: ['string', 'null'] };
  return Type.Unsafe<{ data: Record<string, unknown> }>({
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'object', additionalProperties: false, properties } },
  });
}

const idParams = Type.Object({ id });
/** An import: rows of the spreadsheet, each column's text by its header. */
const csvRow = Type.Unsafe<Record<string, string | null>>({ type: 'object', additionalProperties: { type: ['string', 'null'] } });
const importBody = Type.Object({ data: Type.Object({ rows: Type.Array(csvRow, { maxItems: 100_000 }) }) });

/** The routes of one declared resource; every declaration gets them the same way (a test's own entity too). */
export function registerResource(instance: FastifyInstance, resource: ResourceDefinition) {
  // Tests register a resource of their own on a plain instance, so the type provider is set here too.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const db: AnyDb = app.db;
  const base = `/${resource.endpoint ?? resource.name}`;
  // An ability granted for one record (entity_type: the resource's name) reaches that record: the lists show it alone,
  // reading, editing and deleting it are allowed; creating and importing need the ability itself.
  const config = { access: { abilities: resource.ability, reaches: 'nothing' as const }, resource: resource.name };
  const listConfig = {
    access: { abilities: resource.readers ?? resource.ability, scope: listOf(resource.name), reaches: 'nothing' as const },
    resource: resource.name,
  };
  const exportConfig = {
    access: { abilities: resource.ability, scope: listOf(resource.name), reaches: 'nothing' as const },
    resource: resource.name,
  };
  const readConfig = {
    access: { abilities: resource.readers ?? resource.ability, scope: record(resource.name), reaches: 'nothing' as const },
    resource: resource.name,
  };
  const recordConfig = {
    access: { abilities: resource.ability, scope: record(resource.name), reaches: 'nothing' as const },
    resource: resource.name,
  };
  const tags = [resource.name];
  const hooks = partOf(resourceHooks, resource.name) ?? {};

  app.get<{ Querystring: Query }>(
    base,
    { config: listConfig, schema: { tags, summary: 'List: page, per_page, sort, direction, search, filters' } },
    async (request) => ({
      data: await listRecords(db, resource, parseListQuery(resourceListGrammar(resource), request.query), request.scope),
    }),
  );

  if (resource.exportable !== false) {
    app.get<{ Querystring: Query }>(
      `${base}/export`,
      { config: exportConfig, schema: { tags, summary: 'The filtered list as CSV (UTF-8, ;)' } },
      async (request, reply) => {
        const { page: _page, per_page: _perPage, ...query } = request.query;
        const all = parseListQuery(resourceListGrammar(resource), query, { paged: false });
        const { data } = await listRecords(db, resource, all, request.scope);
        const fields = resource.fields.filter((f) => !f.noExport);
        const csv = toCsv(
          data.map((row) => ({ id: row.id, ...Object.fromEntries(fields.map((f) => [f.name, toCsvValue(f, row[f.name])])) })),
          [{ key: 'id', header: 'id' }, ...fields.map((f) => ({ key: f.name, header: f.name }))],
        );
        const day = stockholmDay(app.clock.now());
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentHeader(`${resource.name}-${day}.csv`))
          .send(csv);
      },
    );
  }

  if (resource.importable !== false) {
    app.post(
      `${base}/import`,
      {
        config,
        bodyLimit: 20 * 1024 * 1024,
        schema: {
          tags,
          summary: 'All rows saved in one transaction, or none: errors by spreadsheet row (the header is row 1)',
          body: importBody,
        },
      },
      async (request) => {
        const rows = request.body.data.rows;
        const known = new Set(['id', ...resource.fields.filter((f) => !f.noExport && !f.readOnly).map((f) => f.name)]);
        const unknownColumns = Object.keys(rows[0] ?? {}).filter((c) => !known.has(c) && !resource.fields.some((f) => f.name === c));
        if (unknownColumns.length)
          throw invalid(
            { columns: unknownColumns.map((c) => ({ key: 'validation.unknown', params: { attribute: c } })) },
            'errors.import_errors',
          );
        const { afterCreate } = hooks;
        const actor = request.staff?.id ?? null;
        const written = await importRows(db, resource, rows, afterCreate && ((trx, row) => afterCreate(app, trx, row, actor)));
        if (written.some(({ created }) => created)) hooks.afterCreateCommitted?.(app);
        for (const { created, row } of written) if (!created) await hooks.afterUpdate?.(app, row, undefined, actor);
        return { data: { imported: written.length } };
      },
    );
  }

  app.get(`${base}/:id`, { config: readConfig, schema: { tags, summary: 'One record', params: idParams } }, async (request) => ({
    data: await getRecord(db, resource, request.params.id),
  }));

  app.post(`${base}`, { config, schema: { tags, summary: 'Create', body: bodySchema(resource) } }, async (request, reply) => {
    const defaults = Object.fromEntries(resource.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
    const record = await prepareRecord(db, resource, { ...defaults, ...request.body.data }, null);
    const created = await db.transaction().execute(async (trx) => {
      const row = await createRecord(trx, resource, record);
      await hooks.afterCreate?.(app, trx, row, request.staff?.id ?? null);
      return row;
    });
    hooks.afterCreateCommitted?.(app);
    return reply.status(201).send({ data: created });
  });

  const update = { config: recordConfig, schema: { tags, summary: 'Update', params: idParams, body: bodySchema(resource) } };
  app.put(`${base}/:id`, update, async (request) => {
    const before = await getRecord(db, resource, request.params.id);
    const record = await prepareRecord(db, resource, request.body.data, request.params.id);
    const updated = await updateRecord(db, resource, request.params.id, record);
    await hooks.afterUpdate?.(app, updated, before, request.staff?.id ?? null);
    return { data: updated };
  });

  const remove = { config: recordConfig, schema: { tags, summary: 'Delete (409 when still in use)', params: idParams } };
  app.delete(`${base}/:id`, remove, async (request) => {
    const deleted = await deleteRecord(db, resource, request.params.id);
    await hooks.afterDelete?.(app, deleted);
    return { data: deleted };
  });
}

/** The CRUD, export and import routes of every declared resource, each guarded by the resource's ability. */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const resource of resourceList) registerResource(app, resource);
}
