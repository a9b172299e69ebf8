import type { HttpClient } from '../httpClient';
import type { Unwrap } from '../staffMethods';

/** The paths and the download the staff methods of several features share. */
export function staffPaths(http: HttpClient, unwrap: Unwrap) {
  return {
    application: (uuid: string, rest = '') => `/applications/${encodeURIComponent(uuid)}${rest}`,
    meetingPath: (id: number, rest = '') => `/meetings/${id}${rest}`,
    /** A file sent as an attachment, under the name the server gives it. */
    attachmentAt: (path: string, params?: Record<string, unknown>) =>
      unwrap<{ file: Blob; name: string | null }>(
        http.get<Blob>(path, { ...(params ? { params } : {}), responseType: 'blob' }).then((r) => ({
          ...r,
          data: { data: { file: r.data, name: /filename="([^"]+)"/.exec(r.headers['content-disposition'] ?? '')?.[1] ?? null } },
        })),
      ),
  };
}

export type StaffPaths = ReturnType<typeof staffPaths>;
