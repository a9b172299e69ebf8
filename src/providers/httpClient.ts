import axios, { AxiosError, type AxiosInstance } from 'axios';
import { API_PREFIX } from './config';
import { getLocale } from './locale';
import type { Session } from './session';

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
}

/**
 * The one HTTP client of an app (SPEC.md §7): API prefix and version, cookies, X-Requested-With, Accept-Language
 * of the chosen locale, bracketed-array query parameters (axios' default: status[]=20&status[]=30), and the
 * session refresh before each call.
 */
export function createHttpClient({ session, onUnauthorized, networkMessage }: HttpClientOptions): AxiosInstance {
  const http = axios.create({
    baseURL: API_PREFIX,
    withCredentials: true,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  http.interceptors.request.use(async (config) => {
    config.headers.set('Accept-Language', getLocale());
    await session.beforeRequest(config.url ?? '', async () => {
      const response = await http.post(session.refreshPath);
      return response.data.data.expires_in as number;
    });
    return config;
  });
  http.interceptors.response.use(undefined, (error: AxiosError<{ message?: string; errors?: Record<string, string[]> }>) => {
    const status = error.response?.status ?? 0;
    if (status === 401) onUnauthorized(error.config?.url ?? '');
    const body = error.response?.data ?? {};
    const errors = body.errors
      ? Object.fromEntries(Object.entries(body.errors).map(([field, messages]) => [field, Array.isArray(messages) ? messages[0] : String(messages)]))
      : undefined;
    const message = body.message ?? networkMessage?.() ?? error.message;
    return Promise.reject(new ApiError(message, status, { ...body, errors }));
  });
  return http;
}
