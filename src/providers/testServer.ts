import { API_PREFIX } from './config';

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

/** A fetch that answers from a table of handlers ("GET /users/me") and records every call. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const uri = decodeURIComponent(address.slice(API_PREFIX.length));
    const request: Recorded = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: uri.split('?')[0],
      uri,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.url}`];
    const { status, data } = handler ? handler(request) : { status: 404, data: { message: 'not found' } };
    return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
