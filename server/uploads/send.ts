import { open } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.js';
import { attachmentHeader } from './fileName.js';
import { storedPath } from './storage.js';

/**
 * Streams a stored file as a download: always an attachment with its stored type and nosniff, so an uploaded file
 * is never shown or run in the app's own origin, and not kept in shared caches.
 */
export async function sendStoredFile(reply: FastifyReply, dataDir: string, file: { uuid: string; name: string; mime: string }) {
  let handle;
  try {
    handle = await open(storedPath(dataDir, file.uuid), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    reply.log.warn({ file: file.uuid }, 'stored file is missing');
    throw notFound();
  }
  let size: number;
  try {
    ({ size } = await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Length', size)
    .header('Content-Disposition', attachmentHeader(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(handle.createReadStream());
}
