import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviewRounds, videos } from '../db/schema';

/**
 * Review rounds as the status moves record them (issue 41): a review_rounds row for each round
 * and the video's count (`videos.rounds`). Every round but the last had changes requested; the
 * last is still open. `sent` is how many, or when each was sent, oldest first.
 */
export async function giveRounds(
  db: Db,
  videoId: string,
  sent: number | readonly Date[],
  sentById: string | null = null,
) {
  const times =
    typeof sent === 'number'
      ? Array.from({ length: sent }, (_, i) => new Date(Date.UTC(2026, 0, 1, i)))
      : sent;
  for (const [i, sentAt] of times.entries()) {
    const decided = i < times.length - 1;
    await db.insert(reviewRounds).values({
      videoId,
      number: i + 1,
      sentById,
      sentAt,
      decision: decided ? 'changes_requested' : null,
      decidedAt: decided ? times[i + 1]! : null,
    });
  }
  await db.update(videos).set({ rounds: times.length }).where(eq(videos.id, videoId));
}
