import { AspectRatio } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { canTellTime, playerSource, type PlayerSource } from '@domain/player';
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
    const source = link ? playerSource(link, window.location.origin) : null;
    return source ? { source, handle: new PlayerHandle(canTellTime(source)) } : null;
  }, [link]);
}

export function PlayerSlot({ player }: { player: { source: PlayerSource; handle: PlayerHandle } }) {
  return (
    <Suspense fallback={<AspectRatio ratio={16 / 9} bg="dark.8" />}>
      <VideoPlayer source={player.source} handle={player.handle} />
    </Suspense>
  );
}

/** The player of a link, or `fallback` when it does not play here (an Open button, say). */
export function LinkPlayer({ link, fallback }: { link: string; fallback: ReactNode }) {
  const player = usePlayer(link);
  return player ? <PlayerSlot player={player} /> : fallback;
}
