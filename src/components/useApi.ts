import type { HttpClient } from '../providers/httpClient';
import { useEffect, useState } from 'react';

export interface ApiState<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
}

/** GETs an API path and returns its data; again when a key (e.g. the locale) changes. */
export function useApi<T>(http: HttpClient, path: string, key: unknown = null): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>({ data: null, error: null, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    http
      .get(path)
      .then((response) => live && setState({ data: response.data.data as T, error: null, loading: false }))
      .catch((error: Error) => live && setState({ data: null, error, loading: false }));
    return () => {
      live = false;
    };
  }, [http, path, key]);
  return state;
}
