import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import type { Api } from '../schemas.js';

/** The nearest folder above `from` with a package.json: the sources' root, or the compiled server's (dist/server/). */
function packageRoot(from: string): string {
  const up = path.dirname(from);
  return existsSync(path.join(from, 'package.json')) || up === from ? from : packageRoot(up);
}

export const clientDir = path.join(packageRoot(import.meta.dirname), 'dist', 'client');

/**
 * The built browser app: hashed assets cached for a year; /admin/* gets the admin page, every other path the
 * portal page (each HTML file loads only its own tree's code). The product name is written into the page here.
 */
export default async function clientRoutes(app: Api) {
  await app.register(fastifyStatic, { root: clientDir, serve: false });
  const page = (file: string) => {
    const full = path.join(clientDir, file);
    if (!existsSync(full)) return null;
    const name = app.config.productName.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return readFileSync(full, 'utf8').replaceAll('%PRODUCT_NAME%', name);
  };
  const pages = { admin: page('admin.html'), portal: page('index.html') };
  const sendPage = (reply: FastifyReply, html: string | null) => {
    if (!html) throw new AppError(503, 'errors.service_unavailable');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };

  app.get(
    '/assets/*',
    { config: { access: 'anonymous' }, schema: { hide: true, params: Type.Object({ '*': Type.String() }) } },
    (request, reply) => {
      const file = request.params['*'];
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').sendFile(path.join('assets', file));
    },
  );
  app.get('/favicon.svg', { config: { access: 'anonymous' }, schema: { hide: true } }, (_request, reply) => reply.sendFile('favicon.svg'));
  app.get('/admin', { config: { access: 'anonymous' }, schema: { hide: true } }, (_request, reply) => sendPage(reply, pages.admin));
  app.get('/admin/*', { config: { access: 'anonymous' }, schema: { hide: true } }, (_request, reply) => sendPage(reply, pages.admin));
  app.get('/*', { config: { access: 'anonymous' }, schema: { hide: true } }, (request, reply) => {
    // Unknown API paths answer with the JSON 404, not the portal page.
    if (request.url.startsWith(`${app.config.apiPrefix}/`) || request.url === app.config.apiPrefix)
      throw new AppError(404, 'errors.not_found');
    return sendPage(reply, pages.portal);
  });
}
