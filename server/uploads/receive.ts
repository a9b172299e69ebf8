import { isPlainText } from '../../resources/plainText.js';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, invalid } from '../errors.js';
import { allowedTypes, detectAllowedType } from './fileTypes.js';
import { displayName } from './fileName.js';
import { removeFile, temporaryPath } from './storage.js';

/** An accepted upload, still under its temporary name: the caller renames it into place or removes it. */
export interface Upload {
  tempPath: string;
  name: string;
  size: number;
  mime: string;
  fields: Record<string, string>;
}

/** The multipart plugin's limits: one file of at most maxBytes and a few small fields, so nothing else can pile up. */
export function multipartLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 20 };
}

const tooLarge = (maxBytes: number, field = 'file') => {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new AppError(413, 'errors.file_too_large', {
    params: { mb },
    errors: { [field]: [{ key: 'errors.file_too_large', params: { mb } }] },
  });
};

// Limits of the multipart parser other than the file's size: a malformed form rather than a too large file.
const formLimitCodes = new Set([
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);
// The multipart parser's errors for a malformed body (no boundary, cut off) are plain errors: the client's fault, not ours.
const malformed = /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early|The needle cannot)/;

/**
 * Reads a multipart form with one `file` part and the named text fields. The file is streamed to a temporary file
 * in the uploads folder and accepted only when it is not empty, within the size limit and of an allowed type
 * detected from its bytes. On any failure, including a client that goes away mid-upload, the partial file is removed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { dataDir: string; maxBytes: number; fields: string[] },
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.invalid_data');
  const fields: Record<string, string> = {};
  let tempPath: string | null = null;
  let file: { name: string; size: number } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!options.fields.includes(part.fieldname)) throw invalid({ [part.fieldname]: ['validation.unknown'] });
        fields[part.fieldname] = plainField(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid({ [part.fieldname]: ['validation.unknown'] });
      }
      tempPath = await temporaryPath(options.dataDir);
      file = { name: part.filename, size: await save(part, tempPath) };
      if (part.file.truncated) throw tooLarge(options.maxBytes);
    }
    if (!tempPath || !file) throw invalid({ file: ['errors.file_missing'] }, 'errors.file_missing');
    if (file.size === 0) throw invalid({ file: ['errors.file_empty'] }, 'errors.file_empty');
    const mime = await detectAllowedType(tempPath);
    if (!mime) throw invalid({ file: ['errors.file_type_not_allowed'] }, 'errors.file_type_not_allowed');
    return { tempPath, name: displayName(file.name, `file.${allowedTypes[mime]}`), size: file.size, mime, fields };
  } catch (error) {
    discardRest(request);
    if (tempPath) await removeFile(tempPath);
    const { code, message } = error as { code?: string; message?: string };
    if (code && formLimitCodes.has(code)) throw new AppError(422, 'errors.invalid_data');
    if (!code && message && malformed.test(message)) throw new AppError(400, 'errors.invalid_data');
    throw error;
  }
}

/**
 * After a failure the rest of the body is not wanted, but a client still sending it would wait for ever for the
 * server to read on (the parser stopped), and so never see the answer: what remains is read and thrown away.
 */
function discardRest(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

/** A text field of the form under the API's one text rule (the JSON bodies' is server/plugins/textRule.ts). */
function plainField(name: string, value: unknown): string {
  const text = String(value);
  if (!isPlainText(text)) throw invalid({ [name]: ['validation.plain_text'] });
  return text;
}

/** Writes the part to the path (only we create it: 'wx'), answering the bytes written. */
async function save(part: MultipartFile, filePath: string): Promise<number> {
  await pipeline(part.file, createWriteStream(filePath, { flags: 'wx', mode: 0o600 }));
  return (await stat(filePath)).size;
}

/** A form of text fields and files (a message with its attachments), each file as receiveUpload accepts one. */
export interface ReceivedForm {
  fields: Record<string, string>;
  /** In the order sent, each with the part's name (e.g. `files` or `agreements`). */
  files: (Omit<Upload, 'fields'> & { field: string })[];
}

/** The multipart limits of a form with text fields up to fieldBytes and up to maxFiles files of at most maxBytes. */
export function formMultipartLimits(maxBytes: number, maxFiles: number, fieldBytes: number) {
  return { fileSize: maxBytes, files: maxFiles, fields: 5, fieldSize: fieldBytes, parts: maxFiles + 5, headerPairs: 20 };
}

/**
 * Reads a multipart form of the named text fields and any number of files (within the plugin's limits) under the
 * named file fields, with the rules of receiveUpload for each file: streamed to a temporary file, not empty, within
 * the size limit, of an allowed type detected from its bytes. A text field cut off by the limit is refused with
 * `tooLong` (its field error). On any failure every temporary file is removed; on success the caller moves or
 * removes them.
 */
export async function receiveForm(
  request: FastifyRequest,
  options: { dataDir: string; maxBytes: number; fields: string[]; fileFields: string[]; tooLong: (field: string) => Error },
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.invalid_data');
  const fields: Record<string, string> = {};
  const saved: { tempPath: string; field: string; name: string; size: number }[] = [];
  const files: ReceivedForm['files'] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!options.fields.includes(part.fieldname) || part.fieldname in fields)
          throw invalid({ [part.fieldname]: ['validation.unknown'] });
        if (part.valueTruncated) throw options.tooLong(part.fieldname);
        fields[part.fieldname] = plainField(part.fieldname, part.value);
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw invalid({ [part.fieldname]: ['validation.unknown'] });
      }
      const tempPath = await temporaryPath(options.dataDir);
      saved.push({ tempPath, field: part.fieldname, name: part.filename, size: 0 });
      saved[saved.length - 1].size = await save(part, tempPath);
      if (part.file.truncated) throw tooLarge(options.maxBytes, part.fieldname);
    }
    for (const file of saved) {
      if (file.size === 0) throw invalid({ [file.field]: ['errors.file_empty'] }, 'errors.file_empty');
      const mime = await detectAllowedType(file.tempPath);
      if (!mime) throw invalid({ [file.field]: ['errors.file_type_not_allowed'] }, 'errors.file_type_not_allowed');
      files.push({ ...file, mime, name: displayName(file.name, `file.${allowedTypes[mime]}`) });
    }
    return { fields, files };
  } catch (error) {
    discardRest(request);
    for (const file of saved) await removeFile(file.tempPath);
    const { code, message } = error as { code?: string; message?: string };
    if (code && formLimitCodes.has(code)) throw new AppError(422, 'errors.invalid_data');
    if (!code && message && malformed.test(message)) throw new AppError(400, 'errors.invalid_data');
    throw error;
  }
}
