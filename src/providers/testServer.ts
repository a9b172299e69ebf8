import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export interface Recorded {
  method: string;
  /** The path as the app called it, without the query. */
  url: string;
  /** The path with its serialized query, as it goes over the wire. */
  uri: string;
  headers: Record<string, unknown>;
  body: unknown;
}

type Handler = (request: Recorded) => { status: number; data?: unknown };

/** An axios adapter that answers from a table of handlers ("GET /users/me") and records every call. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: Recorded = {
      method: (config.method ?? 'get').toUpperCase(),
      url: String(config.url),
      uri: decodeURIComponent(axios.getUri({ url: config.url, params: config.params, paramsSerializer: config.paramsSerializer })),
      headers: config.headers.toJSON() as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.url}`];
    const { status, data } = handler ? handler(request) : { status: 404, data: { message: 'not found' } };
    const response = { status, data, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`status ${status}`, String(status), config, null, response);
    return response;
  };
  return { adapter, calls };
}
