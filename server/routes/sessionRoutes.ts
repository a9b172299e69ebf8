import type { FastifyReply } from 'fastify';
import { createSession, deleteSession, extendSession, sessionCookie, setSessionCookie, type SessionKind } from '../auth/sessions.js';
import { expiresIn, type Api } from './schemas.js';

/**
 * What applicants' and staff's sessions do alike: refresh extends a session and its cookie, logout ends it and always
 * answers 204 (a session already gone is no error). Answers `start`, with which a sign-in opens a session.
 */
export function sessionRoutes(app: Api, kind: SessionKind, { prefix, tags }: { prefix: string; tags: string[] }) {
  const { db, config } = app;
  const lifetime = config.sessionLifetimeMinutes * 60;
  const cookie = sessionCookie[kind];
  const setCookie = (reply: FastifyReply, token: string) => setSessionCookie(reply, kind, token, lifetime, config.production);
  const answer = { data: { expires_in: lifetime } };

  app.post(
    `${prefix}/refresh`,
    { config: { access: kind }, schema: { tags, summary: `Extends the ${kind} session`, response: { 200: expiresIn } } },
    async (request, reply) => {
      const token = request.cookies[cookie]!;
      await extendSession(db, token, lifetime);
      setCookie(reply, token);
      return answer;
    },
  );

  app.post(
    `${prefix}/logout`,
    { config: { access: 'anonymous' }, schema: { tags, summary: `Ends the ${kind} session (always 204)` } },
    async (request, reply) => {
      const token = request.cookies[cookie];
      if (token) await deleteSession(db, token);
      reply.clearCookie(cookie, { path: '/' });
      return reply.status(204).send();
    },
  );

  return { start: (reply: FastifyReply, userId: number) => startSession(app, kind, reply, userId) };
}

/**
 * Opens a session for the user signed in and sets its cookie; the sign-in's answer (whichever way they signed in). An
 * e-ID sign-in keeps the name its broker gave with the session: what a signatory's acceptance records.
 */
export async function startSession(app: Api, kind: SessionKind, reply: FastifyReply, userId: number, eidName: string | null = null) {
  const lifetime = app.config.sessionLifetimeMinutes * 60;
  setSessionCookie(reply, kind, await createSession(app.db, kind, userId, lifetime, eidName), lifetime, app.config.production);
  return { data: { expires_in: lifetime } };
}
