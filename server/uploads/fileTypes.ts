import { fileTypeFromFile } from 'file-type/node';

/**
 * The types an applicant may upload, by the type detected from the file's bytes (its signature), never by its
 * name or the content type the browser sent.
 */
export const allowedTypes: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

/** The file's MIME type when it is one of the allowed types, else null. */
export async function detectAllowedType(filePath: string): Promise<string | null> {
  const detected = await fileTypeFromFile(filePath);
  return detected && detected.mime in allowedTypes ? detected.mime : null;
}
