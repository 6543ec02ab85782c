/** Invoicing journeys: a king's API session for setting up videos, and money read off the page. */
import { request, type APIRequestContext } from 'playwright-core';
import type { E2EBrowser } from './browser';
import { kingCredentials } from './users';

export interface KingApi {
  /** Creates a video for the client; a new type name becomes a new video type (price 0.00). */
  createVideo(
    clientId: string,
    fields: { name: string; type: string; status?: string; link?: string },
  ): Promise<{ id: string; type: string }>;
  /** Moves a video to a status (posted or ready_to_post complete it: finishDate is set). */
  setStatus(videoId: string, status: string): Promise<void>;
  get<T>(url: string): Promise<T>;
  dispose(): Promise<void>;
}

async function expectOk(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
  status = 200,
) {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

/** The king signed in through the API in a request context of its own (the browser's session is left alone). */
export async function kingApi(browser: E2EBrowser): Promise<KingApi> {
  const king = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  await expectOk(
    await king.post('/api/auth/login', { data: kingCredentials(browser) }),
    'POST /api/auth/login (king)',
  );
  return {
    async createVideo(clientId, { name, type, status = 'in_progress', link }) {
      const response = await king.post('/api/videos', {
        data: {
          name,
          type,
          status,
          targetUserId: clientId,
          link: link ?? `https://example.com/watch/${encodeURIComponent(name)}`,
        },
      });
      await expectOk(response, 'POST /api/videos', 201);
      return (await response.json()) as { id: string; type: string };
    },
    async setStatus(videoId, status) {
      await expectOk(
        await king.patch(`/api/videos/${videoId}/status`, { data: { status } }),
        `PATCH /api/videos/${videoId}/status`,
      );
    },
    async get<T>(url: string) {
      const response = await king.get(url);
      await expectOk(response, `GET ${url}`);
      return (await response.json()) as T;
    },
    dispose: () => king.dispose(),
  };
}

/** Integer cents of a dollar amount as the page shows it ('$1,234.50' is 123450n). */
export function centsOf(usd: string): bigint {
  const match = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(usd.trim());
  if (!match) throw new Error(`Not a dollar amount: ${usd}`);
  const cents = BigInt(match[2]!.replaceAll(',', '')) * 100n + BigInt(match[3]!);
  return match[1] ? -cents : cents;
}
