import { toString as qrSvg } from 'qrcode';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, userIdParams } from '@domain/admin';
import { messageAnswer } from '@domain/api';
import { MESSAGES } from '@domain/auth';
import { LIMIT_MESSAGES } from '@domain/limits';
import { isAdmin, isKing } from '@domain/roles';
import {
  appCodeDigits,
  codeBody,
  disableBody,
  enrolledSchema,
  recoveryCodesSchema,
  ticketBody,
  ticketCodeBody,
  TWO_FACTOR_ADDRESS_DELAY,
  TWO_FACTOR_MESSAGES,
  twoFactorPolicySchema,
  twoFactorRequiredOf,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@domain/two-factor';
import { publicUserSchema } from '@domain/user';
import type { Db } from '../../db/client';
import { sessions, users, userTwoFactor } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { otpauthUri } from '../../lib/totp';
import { paramOf } from '../../plugins/audit';
import { currentUser, setSessionCookie } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  type SessionLifetime,
} from '../../plugins/sessions.repository';
import { findUserById, toPublicUser } from '../users/users.repository';
import { clearFailures, recordFailure, secondsToWait } from './sign-in-delays';
import {
  consumeTicket,
  countRecoveryCodes,
  countTicketFailure,
  findTicket,
  hasTwoFactor,
  readRequiredForAdmins,
  removeTwoFactor,
  replaceRecoveryCodes,
  saveRequiredForAdmins,
  startSetup,
  type CodeCheck,
  type TicketPurpose,
  useAppCode,
  useRecoveryCode,
} from './two-factor.repository';

export interface TwoFactorRoutesOptions {
  db: Db;
  /** Attempts per minute per client address, as on login. */
  authRateLimit: number;
  session: SessionLifetime;
}

/** Wrong codes count against the account and the address, in the database (sign-in-delays.ts). */
const userKey = (userId: string) => `two-factor:${userId}`;
const addressKey = (ip: string) => `two-factor-address:${ip}`;

/**
 * Two-factor sign-in (issue 46; docs/rules.md#two-factor-sign-in): the signed-in user's own setup
 * (start, confirm with a first code, recovery codes, turn off), the sign-in's second step on a
 * ticket from POST /api/auth/login (a code, or the setup the king's setting requires), and the
 * king's setting. No answer but the setup's start carries the key.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { db, authRateLimit, session: lifetime },
) => {
  const rateLimit = {
    max: authRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, message: LIMIT_MESSAGES.attempts }),
  };

  /** 429 with Retry-After while the account or the address waits after wrong codes. */
  async function refuseWhileDelayed(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const wait = await secondsToWait(db, [userKey(userId), addressKey(request.ip)]);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, TWO_FACTOR_MESSAGES.delayed(wait));
    }
  }

  async function recordWrongCode(request: FastifyRequest, userId: string) {
    await recordFailure(db, userKey(userId));
    await recordFailure(db, addressKey(request.ip), TWO_FACTOR_ADDRESS_DELAY);
  }

  /** `status` with the message of a wrong or replayed code, once it has been counted. */
  async function refuseCode(
    request: FastifyRequest,
    userId: string,
    check: CodeCheck,
    status: number,
  ) {
    await recordWrongCode(request, userId);
    throw new HttpError(
      status,
      check === 'used' ? TWO_FACTOR_MESSAGES.codeUsed : TWO_FACTOR_MESSAGES.codeWrong,
    );
  }

  /** The key's QR code, its URI and the key itself: shown once, to set up an app. */
  async function setupAnswer(secret: string, username: string) {
    const uri = otpauthUri(secret, username);
    const svg = await qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return { secret, uri, qrCode };
  }

  async function userRow(id: string) {
    const row = await findUserById(db, id);
    if (!row) throw new HttpError(401, MESSAGES.authRequired);
    return row;
  }

  /** The live ticket of the body for `purpose`, or 401: sign in again. */
  async function ticketOf(token: string, purpose: TicketPurpose) {
    const ticket = await findTicket(db, token, purpose);
    if (!ticket) throw new HttpError(401, TWO_FACTOR_MESSAGES.ticketExpired);
    return ticket;
  }

  /** The ticket used up and the session begun, as a login without a second step begins it. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    ticketId: string,
    userId: string,
  ) {
    if (!(await consumeTicket(db, ticketId))) {
      throw new HttpError(401, TWO_FACTOR_MESSAGES.ticketExpired);
    }
    await clearFailures(db, userKey(userId));
    if (request.sessionId) await deleteSession(db, request.sessionId);
    const session = await createSession(db, userId, lifetime);
    setSessionCookie(request, reply, session.token, lifetime);
  }

  // --- The signed-in user's own two-factor sign-in (profile settings) ---

  app.get(
    '/api/auth/two-factor',
    { config: { sessionOnly: true }, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const user = currentUser(request);
      const [enabled, left, required] = await Promise.all([
        hasTwoFactor(db, user.id),
        countRecoveryCodes(db, user.id),
        readRequiredForAdmins(db),
      ]);
      return { enabled, recoveryCodesLeft: left, required: twoFactorRequiredOf(user, required) };
    },
  );

  app.post(
    '/api/auth/two-factor/setup',
    {
      config: { sessionOnly: true },
      schema: {
        response: {
          200: twoFactorSetupSchema,
          409: messageAnswer.describe('Two-factor sign-in is already on'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const secret = await startSetup(db, user.id);
      if (!secret) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
      return setupAnswer(secret, user.username);
    },
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      // Per user and per address (server/plugins/limits.ts), besides the delays of wrong codes;
      // the credentials' own routes take no API token (sessionOnly).
      config: {
        limited: 'password',
        sessionOnly: true,
        audit: {
          kind: 'people',
          action: 'two-factor.enable',
          subject: (r) => r.user?.username ?? null,
        },
      },
      schema: {
        body: codeBody,
        response: {
          200: recoveryCodesSchema,
          400: messageAnswer.describe('The code is wrong or was used'),
          409: messageAnswer.describe('No setup awaits a code'),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (await hasTwoFactor(db, user.id)) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
      await refuseWhileDelayed(request, reply, user.id);
      const digits = appCodeDigits(request.body.code);
      const check = digits ? await useAppCode(db, user.id, digits, { pending: true }) : 'wrong';
      if (check !== 'ok') await refuseCode(request, user.id, check, 400);
      await clearFailures(db, userKey(user.id));
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      // Sessions begun with the password alone end: from now on, signing in takes a code.
      await deleteOtherSessions(db, user.id, request.sessionId!);
      await app.realtime.closeUser(user.id, { exceptSession: request.sessionId });
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/auth/two-factor/recovery-codes',
    {
      config: { limited: 'password', sessionOnly: true },
      schema: {
        body: codeBody,
        response: {
          200: recoveryCodesSchema,
          400: messageAnswer.describe('The code is wrong or was used'),
          409: messageAnswer.describe('Two-factor sign-in is not on'),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(await hasTwoFactor(db, user.id))) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
      await refuseWhileDelayed(request, reply, user.id);
      const digits = appCodeDigits(request.body.code);
      const check = digits ? await useAppCode(db, user.id, digits) : 'wrong';
      if (check !== 'ok') await refuseCode(request, user.id, check, 400);
      await clearFailures(db, userKey(user.id));
      return { recoveryCodes: await replaceRecoveryCodes(db, user.id) };
    },
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      config: {
        limited: 'password',
        sessionOnly: true,
        audit: {
          kind: 'people',
          action: 'two-factor.disable',
          subject: (r) => r.user?.username ?? null,
        },
      },
      schema: {
        body: disableBody,
        response: {
          200: messageAnswer,
          400: messageAnswer.describe('The password or the code is wrong'),
          403: messageAnswer.describe('The agency requires two-factor sign-in of this account'),
          409: messageAnswer.describe('Two-factor sign-in is not on'),
        },
      },
    },
    async (request, reply) => {
      const user = await userRow(currentUser(request).id);
      if (!(await hasTwoFactor(db, user.id))) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
      if (twoFactorRequiredOf(user, await readRequiredForAdmins(db))) {
        throw new HttpError(403, TWO_FACTOR_MESSAGES.requiredCannotDisable);
      }
      const { password, code } = request.body;
      if (password) {
        if (!(await verifyPassword(user.password, password))) {
          throw new HttpError(400, MESSAGES.currentWrong);
        }
      } else {
        await refuseWhileDelayed(request, reply, user.id);
        const digits = appCodeDigits(code ?? '');
        const check = digits ? await useAppCode(db, user.id, digits) : 'wrong';
        if (check !== 'ok') await refuseCode(request, user.id, check, 400);
        await clearFailures(db, userKey(user.id));
      }
      await removeTwoFactor(db, user.id);
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  // --- The sign-in's second step, on the ticket POST /api/auth/login answered ---

  app.post(
    '/api/auth/login/two-factor',
    {
      config: { public: true, rateLimit },
      schema: {
        body: ticketCodeBody,
        response: {
          200: publicUserSchema,
          401: messageAnswer.describe('The code is wrong, or the ticket has ended'),
        },
      },
    },
    async (request, reply) => {
      const ticket = await ticketOf(request.body.ticket, 'code');
      await refuseWhileDelayed(request, reply, ticket.userId);
      const digits = appCodeDigits(request.body.code);
      const check: CodeCheck = digits
        ? await useAppCode(db, ticket.userId, digits)
        : (await useRecoveryCode(db, ticket.userId, request.body.code))
          ? 'ok'
          : 'wrong';
      if (check !== 'ok') {
        await countTicketFailure(db, ticket.id);
        await refuseCode(request, ticket.userId, check, 401);
      }
      await signIn(request, reply, ticket.id, ticket.userId);
      return toPublicUser(await userRow(ticket.userId));
    },
  );

  app.post(
    '/api/auth/login/two-factor/setup',
    {
      config: { public: true, rateLimit },
      schema: {
        body: ticketBody,
        response: {
          200: twoFactorSetupSchema,
          401: messageAnswer.describe('The ticket has ended'),
        },
      },
    },
    async (request) => {
      const ticket = await ticketOf(request.body.ticket, 'enrol');
      const user = await userRow(ticket.userId);
      const secret = await startSetup(db, user.id);
      if (!secret) throw new HttpError(401, TWO_FACTOR_MESSAGES.ticketExpired);
      return setupAnswer(secret, user.username);
    },
  );

  app.post(
    '/api/auth/login/two-factor/enable',
    {
      config: { public: true, rateLimit },
      schema: {
        body: ticketCodeBody,
        response: {
          200: enrolledSchema,
          401: messageAnswer.describe('The code is wrong, or the ticket has ended'),
        },
      },
    },
    async (request, reply) => {
      const ticket = await ticketOf(request.body.ticket, 'enrol');
      await refuseWhileDelayed(request, reply, ticket.userId);
      const digits = appCodeDigits(request.body.code);
      const check = digits
        ? await useAppCode(db, ticket.userId, digits, { pending: true })
        : 'wrong';
      if (check !== 'ok') {
        await countTicketFailure(db, ticket.id);
        await refuseCode(request, ticket.userId, check, 401);
      }
      await signIn(request, reply, ticket.id, ticket.userId);
      const recoveryCodes = await replaceRecoveryCodes(db, ticket.userId);
      return { user: toPublicUser(await userRow(ticket.userId)), recoveryCodes };
    },
  );

  // --- The king's setting (under /api/admin: admins only, then the king only) ---

  app.get(
    '/api/admin/two-factor',
    { schema: { response: { 200: twoFactorPolicySchema } } },
    async (request) => {
      if (!isKing(currentUser(request))) throw new HttpError(403, TWO_FACTOR_MESSAGES.kingOnly);
      return { requiredForAdmins: await readRequiredForAdmins(db) };
    },
  );

  app.put(
    '/api/admin/two-factor',
    {
      // Not with an API token: a leaked one must not lift the requirement.
      config: { sessionOnly: true, audit: { kind: 'people', action: 'two-factor.requirement' } },
      schema: {
        body: twoFactorPolicySchema,
        response: {
          200: twoFactorPolicySchema,
          409: messageAnswer.describe('The king has no two-factor sign-in yet'),
        },
      },
    },
    async (request) => {
      const king = currentUser(request);
      if (!isKing(king)) throw new HttpError(403, TWO_FACTOR_MESSAGES.kingOnly);
      const { requiredForAdmins } = request.body;
      // The king who requires it has it: the setting cannot shut its own author out.
      if (requiredForAdmins && !(await hasTwoFactor(db, king.id))) {
        throw new HttpError(409, TWO_FACTOR_MESSAGES.kingFirst);
      }
      await saveRequiredForAdmins(db, requiredForAdmins);
      if (requiredForAdmins) {
        // Admins signed in with a password alone sign in again, and so set it up first.
        for (const id of await endSessionsWithoutTwoFactor(db)) await app.realtime.closeUser(id);
      }
      return { requiredForAdmins };
    },
  );

  // An account whose owner lost the phone and the recovery codes: the king turns its two-factor
  // off (and the requirement, if any, has it set up again at the next sign-in).
  app.delete(
    '/api/admin/users/:id/two-factor',
    {
      config: {
        sessionOnly: true,
        audit: { kind: 'people', action: 'two-factor.reset', subject: (r) => paramOf(r, 'id') },
      },
      schema: {
        params: userIdParams,
        response: {
          200: messageAnswer,
          404: messageAnswer.describe('No such user'),
          409: messageAnswer.describe('Two-factor sign-in is not on for this user'),
        },
      },
    },
    async (request) => {
      if (!isKing(currentUser(request))) throw new HttpError(403, TWO_FACTOR_MESSAGES.kingOnly);
      const target = await findUserById(db, request.params.id);
      if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      if (!(await hasTwoFactor(db, target.id))) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
      await removeTwoFactor(db, target.id);
      return { message: TWO_FACTOR_MESSAGES.resetFor(target.username) };
    },
  );
};

/**
 * Ends the sessions of the king and the admins who have no two-factor sign-in (the setting was
 * just turned on); the ids of the users whose sessions ended.
 */
async function endSessionsWithoutTwoFactor(db: Db): Promise<string[]> {
  const candidates = await db
    .select({ id: users.id, role: users.role, isAdmin: users.isAdmin })
    .from(users)
    .where(
      and(
        or(eq(users.isAdmin, 'true'), sql`lower(trim(${users.role})) not in ('client', 'user')`),
        sql`not exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${users.id}
          and ${userTwoFactor.enabledAt} is not null)`,
      ),
    );
  const ids = candidates.filter((u) => isAdmin(u)).map((u) => u.id);
  if (ids.length === 0) return [];
  const ended = await db
    .delete(sessions)
    .where(inArray(sessions.userId, ids))
    .returning({ userId: sessions.userId });
  return [...new Set(ended.map((s) => s.userId))];
}
