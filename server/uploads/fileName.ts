const MAX_NAME = 255;

/**
 * The name the applicant's file is shown and downloaded under: the last path part only, without control or
 * bidirectional-override characters (which can disguise an extension), NFC (as macOS sends decomposed å, ä, ö),
 * at most 255 characters. The name is never used on disk.
 */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim();
  const name = Array.from(clean).slice(0, MAX_NAME).join('').trim();
  return name || fallback;
}

/**
 * Content-Disposition for a download: always an attachment, so the browser never renders it in our origin; a plain
 * ASCII filename for old clients and RFC 5987's filename* for the real (UTF-8) name.
 */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
