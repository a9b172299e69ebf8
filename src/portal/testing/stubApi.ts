import { vi } from 'vitest';
import { API_PREFIX } from '../../providers/config';

/** A call the page made to the API, as the stub recorded it. */
export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;

/** A JSON answer of the API. */
export const json = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The API behind the portal's real HTTP client: a handler per "METHOD /path", anything else a 404. Answers the list
 * every call is recorded in, in order.
 */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: input.slice(API_PREFIX.length),
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : json(404, { message: 'Det du letade efter finns inte.' });
  });
  return calls;
}
