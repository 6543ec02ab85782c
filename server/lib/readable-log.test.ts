import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../main';
import { createTestApp, type TestApp } from '../test/helper';
import { readableLog } from './readable-log';

const TIME = String.raw`\d\d:\d\d:\d\d`;

// The development log through a real app listening on loopback, as `npm start` runs it.
describe('the development log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        ...loggerOptions({ logLevel: 'info', production: false }),
        stream: readableLog({ write: (text: string) => lines.push(text) }),
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('has no "Server listening at" line for each interface', () => {
    expect(lines.join('')).not.toContain('listening');
  });

  it('writes one line per request: method, path, status and time', async () => {
    lines.length = 0;
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/auth/me?view=full`, { headers: { cookie: 'sid=secret-token' } });
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${TIME} GET /api/health 200 \\d+ ms\\n$`)),
      expect.stringMatching(new RegExp(`^${TIME} GET /api/auth/me\\?view=full 401 \\d+ ms\\n$`)),
    ]);
  });

  it('writes other messages with their level, their fields and an error stack', () => {
    lines.length = 0;
    t.app.log.warn({ videoId: 'v-1', tries: 2 }, 'slow answer');
    t.app.log.error({ err: new Error('boom') }, 'could not send');
    expect(lines[0]).toMatch(new RegExp(`^${TIME} WARN slow answer videoId=v-1 tries=2\\n$`));
    expect(lines[1]).toMatch(
      new RegExp(`^${TIME} ERROR could not send\\n    Error: boom\\n        at `),
    );
  });

  it('passes through what is not a JSON line', () => {
    const out: string[] = [];
    readableLog({ write: (text: string) => out.push(text) }).write('plain text\n');
    expect(out).toEqual(['plain text\n']);
  });
});
