import { API_PREFIX } from './config';
import { getLocale } from './locale';
import { withQuery } from './queryString';
import type { Session } from './session';
import { xhrFetch, type UploadProgress } from './xhrFetch';

/** An API error as the client sees it: translated message, status, field errors (first message per field). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message?: string; errors?: Record<string, string>; retry_after?: number } = {},
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  session: Session;
  /** Called on any 401 answer, with the URL of the call. */
  onUnauthorized: (url: string) => void;
  /** Message when the server cannot be reached or answers without a body. */
  networkMessage?: () => string;
  /** The transport; tests pass a fake. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Query parameters; arrays are sent bracketed (status[]=20&status[]=30). */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** 'blob' for downloads; otherwise a JSON answer is parsed (and any other text returned as it is). */
  responseType?: 'json' | 'blob';
  /** Reports the upload's progress (sent over XMLHttpRequest, as fetch cannot). */
  onUploadProgress?: (event: UploadProgress) => void;
  /** A DELETE's body (e.g. a confirmation), sent as JSON; the other methods take theirs as an argument. */
  body?: unknown;
}

// The caller names the answer's type (`http.get<{ data: X }>(…)`); without one the body is `unknown`.
/** An answer: the parsed body, the status, and the headers with lower-case names. */
export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

export interface HttpClient {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
}

type ErrorBody = { message?: string; errors?: Record<string, string[] | string> };

/**
 * The one HTTP client of an app, on the browser's fetch: API prefix and version, cookies,
 * X-Requested-With, Accept-Language of the chosen locale, bracketed-array query parameters, JSON bodies, and the
 * session refresh before each call. Any answer outside 2xx, and an unreachable server, reject with an ApiError.
 */
export function createHttpClient({
  session,
  onUnauthorized,
  networkMessage,
  fetch: send = (input, init) => fetch(input, init),
}: HttpClientOptions): HttpClient {
  const request = async <T>(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<HttpResponse<T>> => {
    let response: Response;
    let data: unknown;
    try {
      await session.beforeRequest(
        url,
        async () => (await client.post<{ data: { expires_in: number } }>(session.refreshPath)).data.data.expires_in,
      );
      const json =
        body !== undefined &&
        body !== null &&
        !(body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string');
      const init: RequestInit = {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json, text/plain, */*',
          'X-Requested-With': 'XMLHttpRequest',
          'Accept-Language': getLocale(),
          ...(json ? { 'Content-Type': 'application/json' } : {}),
          ...options.headers,
        },
        body: json ? JSON.stringify(body) : ((body ?? undefined) as BodyInit | undefined),
      };
      const target = withQuery(apiUrl(url), options.params);
      response = await (options.onUploadProgress ? xhrFetch(target, init, options.onUploadProgress) : send(target, init));
      data = response.ok && options.responseType === 'blob' ? await response.blob() : parse(await response.text());
    } catch (error) {
      // Not reached, or a failed session refresh before the call: no HTTP status.
      const message = error instanceof TypeError ? 'Network Error' : (error as Error).message;
      throw new ApiError(networkMessage?.() ?? message, 0, {});
    }
    // The parsed JSON is taken to be the type the caller named: the API's answers are not checked at run time.
    if (response.ok) return { data: data as T, status: response.status, headers: Object.fromEntries(response.headers) };

    if (response.status === 401) onUnauthorized(url);
    const answer: ErrorBody = data && typeof data === 'object' ? data : {};
    const errors = answer.errors
      ? Object.fromEntries(
          Object.entries(answer.errors).map(([field, messages]) => [field, Array.isArray(messages) ? messages[0] : String(messages)]),
        )
      : undefined;
    const message = answer.message ?? networkMessage?.() ?? `Request failed with status code ${response.status}`;
    throw new ApiError(message, response.status, { ...answer, errors });
  };

  const client: HttpClient = {
    get: (url, options) => request('GET', url, undefined, options),
    delete: (url, options) => request('DELETE', url, options?.body, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
  };
  return client;
}

/** A path of the API ('/users/me') under its prefix; a full address stays as it is. */
function apiUrl(url: string): string {
  if (/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  return `${API_PREFIX.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** JSON when the body is JSON, the text otherwise, '' for no body. */
function parse(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
