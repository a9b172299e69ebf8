// Transitional: src/components/useApi.ts still names the HTTP client by its former axios type. axios is no longer
// a dependency; this gives that name to our client until useApi.ts imports HttpClient, then this file goes.
declare module 'axios' {
  export type AxiosInstance = import('./httpClient').HttpClient;
}
