import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import { changePasswordBody, loginBody, MESSAGES, registerBody } from '@domain/auth';
import { LIMIT_MESSAGES } from '@domain/limits';
import { loginAnswerSchema } from '@domain/two-factor';
import { publicUserSchema } from '@domain/user';
import type { Db } from '../../db/client';
import { dummyVerify, hashPassword, verifyPassword } from '../../lib/passwords';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  toPublicUser,
  updateUser,
} from '../users/users.repository';
import { addressKey, clearFailures, nameKey, recordFailure, secondsToWait } from './sign-in-delays';
import { createTicket, secondStepOf } from './two-factor.repository';
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  type SessionLifetime,
} from '../../plugins/sessions.repository';

export const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;

export interface AuthRoutesOptions {
  db: Db;
  /** Attempts per minute per client address on login and register. */
  authRateLimit: number;
  session: SessionLifetime;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, authRateLimit, session: lifetime },
) => {
  async function fullUser(id: string) {
    const row = await findUserById(db, id);
    if (!row) throw new HttpError(401, MESSAGES.authRequired);
    return row;
  }

  /** 429 with Retry-After while any of `keys` is held back (sign-in-delays.ts). */
  async function refuseWhileDelayed(
    reply: FastifyReply,
    keys: string[],
    message: (seconds: number) => string,
  ) {
    const wait = await secondsToWait(db, keys);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, message(wait));
    }
  }

  const rateLimit = {
    max: authRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: LIMIT_MESSAGES.attempts,
    }),
  };

  app.post(
    '/api/auth/register',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      config: { public: true, rateLimit },
      schema: {
        body: registerBody,
        response: {
          201: publicUserSchema,
          409: messageAnswer.describe('The username is taken'),
        },
      },
    },
    async (request, reply) => {
      const { username, password, name, avatar } = request.body;
      // The answer says whether a username is taken: asking for taken ones is delayed like
      // failed sign-ins, per username and per address (issue 37).
      const keys = [nameKey('register', username), addressKey(request.ip)];
      await refuseWhileDelayed(reply, keys, MESSAGES.registerDelayed);
      // Whatever role or isAdmin the body carries, self-registration makes a client.
      const row = await insertUser(db, {
        username,
        passwordHash: await hashPassword(password),
        name,
        avatar,
        role: 'client',
      });
      if (!row) {
        for (const key of keys) await recordFailure(db, key);
        throw new HttpError(409, MESSAGES.usernameTaken);
      }
      return reply.status(201).send(toPublicUser(row));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit },
      schema: {
        body: loginBody,
        response: {
          200: loginAnswerSchema,
          401: messageAnswer.describe('Wrong username or password'),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Per account name, whoever asks from wherever, and whether or not the name exists.
      const key = nameKey('login', username);
      await refuseWhileDelayed(reply, [key], MESSAGES.accountDelayed);
      const row = await findUserByUsername(db, username);
      const ok = row ? await verifyPassword(row.password, password) : await dummyVerify(password);
      if (!row || !ok) {
        await recordFailure(db, key);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      await clearFailures(db, key);
      // A second factor: no session yet, only a ticket for the next step (two-factor.routes.ts).
      const step = await secondStepOf(db, row);
      if (step) {
        const ticket = await createTicket(db, row.id, step);
        return { twoFactor: step, ticket: ticket.token, expiresAt: ticket.expiresAt.toISOString() };
      }
      // A fresh session id at every login; an older session cookie of this browser is ended.
      if (request.sessionId) await deleteSession(db, request.sessionId);
      const session = await createSession(db, row.id, lifetime);
      setSessionCookie(request, reply, session.token, lifetime);
      return toPublicUser(row);
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { public: true }, schema: { response: { 200: messageAnswer } } },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(db, request.sessionId);
      await app.realtime.closeSession(request.sessionId);
      clearSessionCookie(request, reply);
      return { message: 'Logged out' };
    },
  );

  // The session carries no avatar or password hash (server/plugins/auth.ts): read the row.
  app.get('/api/auth/me', { schema: { response: { 200: publicUserSchema } } }, async (request) =>
    toPublicUser(await fullUser(currentUser(request).id)),
  );

  app.patch(
    '/api/auth/change-password',
    {
      // Per user and per address (server/plugins/limits.ts): a stolen session cannot guess on.
      // A session's only: an API token may not change the password (issue 46).
      config: { limited: 'password', sessionOnly: true },
      schema: { body: changePasswordBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      const user = await fullUser(currentUser(request).id);
      const { currentPassword, newPassword } = request.body;
      if (!(await verifyPassword(user.password, currentPassword))) {
        throw new HttpError(400, MESSAGES.currentWrong);
      }
      await updateUser(db, user.id, { password: await hashPassword(newPassword) });
      await deleteOtherSessions(db, user.id, request.sessionId!);
      await app.realtime.closeUser(user.id, { exceptSession: request.sessionId });
      return { message: 'Password changed successfully' };
    },
  );
};
