import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.js';
import { attachmentHeader } from './fileName.js';
import type { FileStorage } from './storage.js';

/**
 * Streams a stored file as a download: always an attachment with its stored type and nosniff, so an uploaded file
 * is never shown or run in the app's own origin, and not kept in shared caches.
 */
export async function sendStoredFile(reply: FastifyReply, storage: FileStorage, file: { uuid: string; name: string; mime: string }) {
  const stored = await storage.read(file.uuid);
  if (!stored) {
    reply.log.warn({ file: file.uuid }, 'stored file is missing');
    throw notFound();
  }
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Length', stored.size)
    .header('Content-Disposition', attachmentHeader(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stored.body);
}
