export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the body's size. */
  total?: number;
}

/**
 * fetch() over XMLHttpRequest, for the one thing fetch cannot do: report the upload's progress (CSV import).
 * Answers like fetch: a Response for any HTTP status, a TypeError when the server cannot be reached.
 */
export function xhrFetch(url: string, init: RequestInit, onUploadProgress: (event: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'blob';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response may not carry a body with these statuses.
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = xhr.ontimeout = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
}
