import { http } from './providers';

/**
 * GETs a file the server sends as an attachment (a CSV export) and saves it under the name the server gives in
 * Content-Disposition, or `fallback`.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, fallback: string): Promise<void> {
  const response = await http.get(path, { params, responseType: 'blob' });
  const name = /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? fallback;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
