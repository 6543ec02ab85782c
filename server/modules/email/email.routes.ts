import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_KIND_LABELS,
  EMAIL_MESSAGES,
  emailSettingsSchema,
  isEmailKind,
  outboxSchema,
  UNSUBSCRIBE_LINK_DAYS,
  unsubscribePage,
  unsubscribeQuery,
  unsubscribeRefusedPage,
  type UnsubscribeRefusal,
} from '@domain/email';
import { isKing } from '@domain/roles';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  checkUnsubscribeToken,
  findEmailSettings,
  listOutbox,
  saveEmailSettings,
  toEmailSettings,
  unsubscribe,
} from './email.repository';
import { createMailer, type Mailer, type MailSettings } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email worker of this instance (its loop runs only when started: main.ts). */
    mailer: Mailer;
  }
}

/** Decorates the app with its email worker, closed with the app. */
export const mailer = fp(
  async (app: FastifyInstance, opts: { db: Db; mail: MailSettings; loop: boolean }) => {
    const worker = createMailer(opts.db, opts.mail, app.log);
    app.decorate('mailer', worker);
    if (opts.loop) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.close());
  },
  { name: 'mailer' },
);

/** The small page of an unsubscribe link: no app, no script, no sign-in. */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#212529">
<h1 style="font-size:1.5rem">${title}</h1>${body}</body></html>`;
}

/**
 * Email (issue 19): a user's own settings, the king's view of the outbox, and the one-click
 * unsubscribe links of RFC 8058 (public: the token alone says whose choice it turns off).
 */
export const emailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Mail clients post the one-click answer as a form (RFC 8058); its content does not matter.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/api/email/settings',
    { schema: { response: { 200: emailSettingsSchema } } },
    async (request) => {
      const user = currentUser(request);
      return toEmailSettings(await findEmailSettings(db, user.id), user.role);
    },
  );

  app.put(
    '/api/email/settings',
    { schema: { body: emailSettingsSchema, response: { 200: emailSettingsSchema } } },
    async (request) => {
      const user = currentUser(request);
      return saveEmailSettings(db, user.id, user.role, request.body);
    },
  );

  app.get(
    '/api/admin/email-outbox',
    { schema: { response: { 200: outboxSchema } } },
    async (request) => {
      if (!isKing(currentUser(request))) throw new HttpError(403, EMAIL_MESSAGES.kingOnly);
      return { delivering: app.mailer.delivering, messages: await listOutbox(db) };
    },
  );

  /** The page of a link that does nothing, and its status: 404 unknown, 410 spent. */
  const refused = (reply: FastifyReply, refusal: UnsubscribeRefusal) => {
    const message = {
      invalid: EMAIL_MESSAGES.unsubscribeInvalid,
      used: EMAIL_MESSAGES.unsubscribeUsed,
      expired: EMAIL_MESSAGES.unsubscribeExpired,
      changed: EMAIL_MESSAGES.unsubscribeChanged,
    }[refusal];
    return reply
      .status(refusal === 'invalid' ? 404 : 410)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Link not valid',
          // Our own text: nothing to escape. Signed out, sign-in returns to the profile.
          `<p>${message}</p><p><a href="/profile">Open your profile settings</a></p>`,
        ),
      );
  };

  // A link opened in a browser only asks (scanners open links too); the button or the mail
  // client's one-click POST unsubscribes. A link that can no longer do anything says so at once.
  app.get(
    '/unsubscribe',
    {
      config: { public: true },
      schema: {
        summary: 'An unsubscribe link, opened',
        description: 'Asks before turning anything off: link scanners open links too.',
        querystring: unsubscribeQuery,
        response: {
          200: unsubscribePage,
          404: unsubscribeRefusedPage,
          410: unsubscribeRefusedPage,
        },
      },
    },
    async (request, reply) => {
      const checked = await checkUnsubscribeToken(db, request.query.token);
      if (checked.refusal) return refused(reply, checked.refusal);
      const action = `/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Unsubscribe',
          `<p>Stop these emails? You can turn them on again in your profile settings.</p>
<form method="post" action="${action}"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/unsubscribe',
    {
      config: { public: true },
      schema: {
        summary: 'One-click unsubscribe (RFC 8058)',
        description:
          "Turns off the token's one choice (a kind, or every kind in the digest) for its user, " +
          `once, if that choice is as it was when the email was sent, within ${UNSUBSCRIBE_LINK_DAYS} ` +
          'days. Mail clients post `List-Unsubscribe=One-Click` as a form; the body is not read.',
        querystring: unsubscribeQuery,
        response: {
          200: unsubscribePage,
          404: unsubscribeRefusedPage,
          410: unsubscribeRefusedPage,
        },
      },
    },
    async (request, reply) => {
      const done = await unsubscribe(db, request.query.token);
      if (done.refusal) return refused(reply, done.refusal);
      const what = isEmailKind(done.kind)
        ? `“${EMAIL_KIND_LABELS[done.kind].toLowerCase()}” emails`
        : 'digest emails';
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribed',
            `<p>You will get no more ${what}. Your profile settings can turn them on again.</p>`,
          ),
        );
    },
  );
};
