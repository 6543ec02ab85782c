import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, HttpError } from './errors';

/** The one error path: what a thrown HttpError becomes, with no route catching it. */
const app = Fastify({ logger: false });

beforeAll(async () => {
  await app.register(errorHandler);
  app.get('/plain', async () => {
    throw new HttpError(409, 'Already decided');
  });
  app.get('/detailed', async () => {
    throw new HttpError(410, 'This review link was turned off', { reason: 'revoked' });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('HttpError', () => {
  it('answers its status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/plain' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Already decided' });
  });

  it('carries the fields a screen needs beside the message (a refusal’s reason)', async () => {
    const res = await app.inject({ method: 'GET', url: '/detailed' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: 'This review link was turned off', reason: 'revoked' });
  });
});
