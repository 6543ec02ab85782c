import { AspectRatio, Box } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { canTellTime, playerSource, type PlayerSource } from '@domain/player';
import { useAfterDrawn } from '../../../lib/drawn-page';
import { PlayerHandle } from '../../../lib/player-handle';

/**
 * A video link's player, as the detail dialog and the review page (issue 19) draw it: the
 * player's code loads with the first video that plays, not with the screen around it.
 */
const VideoPlayer = lazy(() => import('./video-player').then((m) => ({ default: m.VideoPlayer })));

/** The link's player and its handle, one per link; null when the link does not play here. */
export function usePlayer(
  link: string | null,
): { source: PlayerSource; handle: PlayerHandle } | null {
  return useMemo(() => {
    // The embed names the page's address; the server, which does not draw the embed
    // (PlayerSlot), knows none.
    const origin = typeof window === 'undefined' ? '' : window.location.origin;
    const source = link ? playerSource(link, origin) : null;
    return source ? { source, handle: new PlayerHandle(canTellTime(source)) } : null;
  }, [link]);
}

/**
 * The player's room while its code or its video is on the way: a dark 16:9 box, so what is
 * under the player does not move when it arrives. Mantine's AspectRatio sizes its child, not
 * itself: an empty one was 0 px high, and the comments under it jumped by the player's height
 * (a layout shift of 0.23 on the guest review page on a phone, issue 47).
 */
export function PlayerPlaceholder() {
  return (
    <AspectRatio ratio={16 / 9} data-player-room>
      <Box bg="dark.8" style={{ borderRadius: 8 }} data-testid="player-placeholder" />
    </AspectRatio>
  );
}

/**
 * The player: its room until its code is here, and, in a page the server drew, until the page
 * has hydrated (the embed names the browser's own address).
 */
export function PlayerSlot({ player }: { player: { source: PlayerSource; handle: PlayerHandle } }) {
  // The move to the player is a transition: the drawn room stays until the player is here.
  const after = useAfterDrawn();
  return (
    <Suspense fallback={<PlayerPlaceholder />}>
      {after ? (
        <VideoPlayer source={player.source} handle={player.handle} />
      ) : (
        <PlayerPlaceholder />
      )}
    </Suspense>
  );
}

/** The player of a link, or `fallback` when it does not play here (an Open button, say). */
export function LinkPlayer({ link, fallback }: { link: string; fallback: ReactNode }) {
  const player = usePlayer(link);
  return player ? <PlayerSlot player={player} /> : fallback;
}
