import { attachmentHeader } from '../uploads/fileName.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Field, ResourceDefinition } from '../../resources/fields.js';
import { partOf, resourceList, singletonList, type SingletonName } from '../../resources/index.js';
import type { SingletonDefinition } from '../../resources/singletons.js';
import { stockholmDay } from '../clock.js';
import { toCsv } from '../csv.js';
import { invalid } from '../errors.js';
import { id, money, Nullable } from './schemas.js';
import { parseListQuery } from '../lists/listQuery.js';
import { record, listOf } from './scopes.js';
import { toCsvValue } from '../settingsEngine/csvValues.js';
import { resourceHooks, singletonHooks } from '../settingsEngine/hooks.js';
import { readSingleton, writeSingleton } from '../settingsEngine/singletons.js';
import { privacyNotices, retentionRules } from './schemas/dataProtection.js';
import { paymentSettings } from './schemas/payouts.js';
import { resourceListGrammar } from '../settingsEngine/listGrammar.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord, type AnyDb } from '../settingsEngine/repository.js';
import { importRows, prepareRecord } from '../settingsEngine/writes.js';
import { signalSettings } from './schemas/signals.js';

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
 * The write body: the declared fields (read-only ones are accepted and ignored, as react-admin sends them back), with
 * `extra` (a record's id), the fields that must be given, and numbers' ranges (`ranges`, a singleton's: every problem
 * of a body told at once). The fields come from the declaration at run time, so the record is typed as a record of
 * unknown values; the engine checks each field.
 */
function bodySchema(
  fields: Field[],
  { extra = { id: {} }, required = [], ranges = false }: { extra?: object; required?: string[]; ranges?: boolean } = {},
) {
  const properties: Record<string, object> = { ...extra };
  for (const field of fields) {
    properties[field.name] = jsonType[field.kind] ?? { type: ['string', 'null'] };
    // A number out of its range refused with the others of the body at once, as its type is.
    if (ranges && field.kind === 'integer') {
      properties[field.name] = {
        ...properties[field.name],
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
      };
    }
  }
  return Type.Unsafe<{ data: Record<string, unknown> }>({
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'object', additionalProperties: false, properties, ...(required.length && { required }) } },
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

  app.post(`${base}`, { config, schema: { tags, summary: 'Create', body: bodySchema(resource.fields) } }, async (request, reply) => {
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

  const update = { config: recordConfig, schema: { tags, summary: 'Update', params: idParams, body: bodySchema(resource.fields) } };
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

/** What each singleton's routes answer: the shapes the clients read, in routes/schemas. */
const singletonAnswers: Record<SingletonName, TSchema> = {
  'payment-settings': paymentSettings,
  retention: retentionRules,
  'privacy-notices': privacyNotices,
  'signal-settings': signalSettings,
};

/**
 * The two routes of a declared singleton (resources/singletons.ts): read it with who changed it, and change it (each
 * problem beside its field, a 422, nothing saved). A plain one's fields that always apply must be given; a keyed one
 * takes the keys changed.
 */
export function registerSingleton(instance: FastifyInstance, singleton: SingletonDefinition<SingletonName>) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const path = `/${singleton.endpoint}`;
  const config = { access: { abilities: singleton.ability, reaches: 'nothing' as const }, resource: singleton.name };
  const response = { 200: Type.Object({ data: singletonAnswers[singleton.name] }) };
  const hooks = singletonHooks[singleton.name];
  const tags = [singleton.name];
  const required = singleton.keyed ? [] : singleton.fields.filter((f) => f.required && !f.showIf).map((f) => f.name);

  app.get(
    path,
    { config, schema: { tags, summary: `Reads ${singleton.description}, and who changed it last (null: nobody yet)`, response } },
    async () => ({
      data: await readSingleton(app.db, singleton, hooks),
    }),
  );
  app.put(
    path,
    {
      config,
      schema: {
        tags,
        summary: `Changes ${singleton.description}: ${singleton.keyed ? 'the keys given' : 'a field left out is kept, if it need not be given'}; 422 with each field’s error, nothing saved`,
        body: bodySchema(singleton.fields, { extra: {}, required, ranges: true }),
        response,
      },
    },
    async (request) => ({ data: await writeSingleton(app.db, singleton, request.body.data, request.staff!.id, app.clock.now(), hooks) }),
  );
}

/** The CRUD, export and import routes of every declared resource, each guarded by the resource's ability; the two of each singleton. */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const resource of resourceList) registerResource(app, resource);
  for (const singleton of singletonList) registerSingleton(app, singleton);
}
