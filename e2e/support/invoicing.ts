/** Invoicing journeys: the king's API for setting up the books, and money read off the page. */
import type { APIRequestContext } from 'playwright-core';
import { answer } from './api';
import type { E2EBrowser } from './browser';
import { kingApi } from './users';

export interface BooksApi {
  /** Creates a video for the client; a new type name becomes a new video type (price 0.00). */
  createVideo(
    clientId: string,
    fields: { name: string; type: string; status?: string; link?: string },
  ): Promise<{ id: string; type: string }>;
  /** Moves a video to a status (posted or ready_to_post complete it: finishDate is set). */
  setStatus(videoId: string, status: string): Promise<void>;
  /** A video type by name: its id and the name the pages show. */
  videoType(name: string): Promise<{ id: string; displayName: string }>;
  /** The type's default price (PATCH /api/admin/video-types/{id}/price). */
  setDefaultPrice(typeName: string, price: string): Promise<void>;
  /** A client's own price for the type (PATCH /api/admin/client-pricing/{client}/{type}). */
  setCustomPrice(clientId: string, typeName: string, price: string): Promise<void>;
  /** Marks videos paid (PATCH /api/admin/payment), locking their price. */
  markPaid(videoIds: string[]): Promise<void>;
  dispose(): Promise<void>;
}

/** The king signed in through the API in a request context of its own. */
export async function booksApi(browser: E2EBrowser): Promise<BooksApi> {
  const king: APIRequestContext = await kingApi(browser);
  const videoType = async (name: string) => {
    const types = await answer<{ id: string; name: string; displayName: string }[]>(
      'GET /api/video-types',
      await king.get('/api/video-types'),
    );
    const found = types.find((t) => t.name === name);
    if (!found) throw new Error(`no video type ${name}`);
    return found;
  };
  return {
    async createVideo(clientId, { name, type, status = 'in_progress', link }) {
      return answer(
        'POST /api/videos',
        await king.post('/api/videos', {
          data: {
            name,
            type,
            status,
            targetUserId: clientId,
            link: link ?? `https://example.com/watch/${encodeURIComponent(name)}`,
          },
        }),
        201,
      );
    },
    async setStatus(videoId, status) {
      await answer(
        `PATCH /api/videos/${videoId}/status`,
        await king.patch(`/api/videos/${videoId}/status`, { data: { status } }),
      );
    },
    videoType,
    async setDefaultPrice(typeName, price) {
      const { id } = await videoType(typeName);
      await answer(
        'PATCH /api/admin/video-types/{id}/price',
        await king.patch(`/api/admin/video-types/${id}/price`, { data: { defaultPrice: price } }),
      );
    },
    async setCustomPrice(clientId, typeName, price) {
      const { id } = await videoType(typeName);
      await answer(
        'PATCH /api/admin/client-pricing/{clientId}/{videoTypeId}',
        await king.patch(`/api/admin/client-pricing/${clientId}/${id}`, { data: { price } }),
      );
    },
    async markPaid(videoIds) {
      await answer(
        'PATCH /api/admin/payment',
        await king.patch('/api/admin/payment', { data: { videoIds } }),
      );
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
