import type { Attachment } from '../providers/dataProvider';

/** Saves a file the server sent as an attachment (a CSV export) under the name it gave, or `fallback`. */
export function saveFile({ file, name }: Attachment, fallback: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name ?? fallback;
  link.click();
  URL.revokeObjectURL(link.href);
}
