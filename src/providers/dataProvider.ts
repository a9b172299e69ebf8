import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  type Identifier,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'ra-core';
import { ApiError, type HttpClient } from './httpClient';
import { apiPage } from './pageFromEnd';
import type { UploadProgress } from './xhrFetch';
import { staffMethods, type StaffMethods } from './staffMethods';
import type { ListPageOf } from '../../server/routes/schemas';

/** Where a react-admin resource lives in the API (resources/ declares it; by default the resource name). */
export type EndpointFor = (resource: string) => string;

/** What a failed call's HttpError carries as its body: the ApiError's message and field errors. */
export type ErrorBody = ApiError['body'];

/** The body of a failed call's HttpError (react-admin types it `any`). */
export function errorBody(error: HttpError): ErrorBody | undefined {
  return error.body as ErrorBody | undefined;
}

/** A file the server sends as an attachment, with the name it gives in Content-Disposition (null without one). */
export interface Attachment {
  file: Blob;
  name: string | null;
}

/** react-admin's methods, a resource's CSV export and import, and the staff API's own (status, decisions...). */
export type StaffDataProvider = DataProvider &
  StaffMethods & {
    exportList(resource: string, params: Record<string, unknown>): Promise<Attachment>;
    exportStatistics(table: string, period: number | null): Promise<Attachment>;
    /** A file of the application: one the form holds or a message's attachment. */
    getApplicationFile(uuid: string, fileUuid: string): Promise<Attachment>;
    importList(resource: string, rows: unknown[], onProgress: (event: UploadProgress) => void): Promise<{ imported: number }>;
  };

/**
 * react-admin's dataProvider over the API's conventions: page/per_page/sort/direction/search and
 * filters as bracketed arrays; writes wrapped in { data }; answers read from data (lists from data.data).
 * Errors become react-admin HttpErrors whose body.errors shows beside the form fields.
 */
export function createDataProvider(http: HttpClient, endpointFor: EndpointFor = (r) => r): StaffDataProvider {
  const call = async <T>(request: Promise<{ data: { data: T } }>): Promise<T> => {
    try {
      // An answer without a body (204) has no data.
      return (await request).data?.data;
    } catch (error) {
      if (error instanceof ApiError) throw new HttpError(error.message, error.status, error.body);
      throw error;
    }
  };
  const url = (resource: string, id?: Identifier) =>
    id === undefined ? `/${endpointFor(resource)}` : `/${endpointFor(resource)}/${encodeURIComponent(String(id))}`;

  const listParams = (params: {
    pagination?: { page: number; perPage: number };
    sort?: { field: string; order: string };
    filter?: Record<string, unknown>;
  }) => {
    const { q, ...filters } = params.filter ?? {};
    const query: Record<string, unknown> = {};
    if (params.pagination) {
      // A page counted from the end travels through react-admin as a large page (pageFromEnd.ts).
      query.page = apiPage(params.pagination.page);
      query.per_page = params.pagination.perPage;
    }
    if (params.sort?.field) {
      query.sort = params.sort.field;
      query.direction = params.sort.order === 'DESC' ? 'desc' : 'asc';
    }
    if (typeof q === 'string' && q.trim()) query.search = q.trim();
    for (const [name, value] of Object.entries(filters)) {
      if (value !== undefined && value !== null && value !== '') query[name] = value;
    }
    return query;
  };

  const attachment = (path: string, params: Record<string, unknown>) =>
    call<Attachment>(
      http.get<Blob>(path, { params, responseType: 'blob' }).then((r) => ({
        data: { data: { file: r.data, name: /filename="([^"]+)"/.exec(r.headers['content-disposition'] ?? '')?.[1] ?? null } },
      })),
    );

  // react-admin's methods are generic in the record type their caller expects; the API's JSON is read as that type.
  const getList = async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
    // A list whose address carries a parameter (one period's applications) names it in meta.endpoint.
    const named = (params.meta as { endpoint?: unknown } | undefined)?.endpoint;
    const endpoint = typeof named === 'string' ? `/${named}` : url(resource);
    const page = await call<ListPageOf<R>>(http.get(endpoint, { params: listParams(params) }));
    // Past the server's cap, react-admin's partial pagination (pageInfo), and the cap in meta for "more than N".
    if (page.total_exact === false) {
      return {
        data: page.data,
        pageInfo: {
          hasNextPage: page.has_next_page ?? false,
          hasPreviousPage: page.has_previous_page ?? (params.pagination ? params.pagination.page > 1 : false),
        },
        meta: { moreThan: page.total },
      };
    }
    return { data: page.data, total: page.total };
  };

  return {
    ...staffMethods(http, call),
    exportList: (resource, params) => attachment(`${url(resource)}/export`, params),
    exportStatistics: (table, period) => attachment('/statistics/export', { table, ...(period ? { period } : {}) }),
    getApplicationFile: (uuid, fileUuid) =>
      attachment(`/applications/${encodeURIComponent(uuid)}/files/${encodeURIComponent(fileUuid)}`, {}),
    importList: (resource, rows, onProgress) =>
      call(http.post(`${url(resource)}/import`, { data: { rows } }, { onUploadProgress: onProgress })),
    getList,
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
      return { data: await call<R>(http.get(url(resource, params.id))) };
    },
    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
      if (!params.ids.length) return { data: [] };
      const page = await call<ListPageOf<R>>(http.get(url(resource), { params: { id: params.ids, per_page: params.ids.length } }));
      return { data: page.data };
    },
    async getManyReference(resource, params) {
      return getList(resource, { ...params, filter: { ...(params.filter as Record<string, unknown>), [params.target]: params.id } });
    },
    async create<R extends RaRecord>(resource: string, params: CreateParams<R>): Promise<CreateResult<R>> {
      return { data: await call<R>(http.post(url(resource), { data: params.data })) };
    },
    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
      return { data: await call<R>(http.put(url(resource, params.id), { data: params.data })) };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => call(http.put(url(resource, id), { data: params.data }))));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await call(http.delete<{ data?: unknown } | undefined>(url(resource, params.id)).then((r) => ({ data: { data: r.data?.data } })));
      // react-admin's generic RecordType: without previousData only the id is known, and the answer has no body.
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          call(http.delete<{ data?: unknown } | undefined>(url(resource, id)).then((r) => ({ data: { data: r.data?.data } }))),
        ),
      );
      return { data: params.ids };
    },
  };
}
