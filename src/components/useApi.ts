import type { HttpClient } from '../providers/httpClient';
import { useEffect, useState } from 'react';

export interface ApiState<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
}

/** The last answer, with the request it answers. */
interface Answer<T> {
  http: HttpClient;
  path: string;
  key: unknown;
  data: T | null;
  error: Error | null;
}

/**
 * GETs an API path and returns its data; again when a key (e.g. the locale) changes. While a new request runs, the
 * previous answer stays and `loading` is true: it is loading whenever the last answer is not for the current request.
 */
export function useApi<T>(http: HttpClient, path: string, key: unknown = null): ApiState<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<{ data: T }>(path)
      .then((response) => live && setAnswer({ http, path, key, data: response.data.data, error: null }))
      .catch((error: Error) => live && setAnswer({ http, path, key, data: null, error }));
    return () => {
      live = false;
    };
  }, [http, path, key]);
  const current = answer !== null && answer.http === http && answer.path === path && Object.is(answer.key, key);
  return { data: answer?.data ?? null, error: answer?.error ?? null, loading: !current };
}
