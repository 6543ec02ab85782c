import { AspectRatio, Box, Button, Group, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { needsResync, type PlayerSource } from '@domain/player';
import { frameAtTime, frameToTimecode, type FrameRate } from '@domain/timecode';
import type { PlayerHandle } from '../../../lib/player-handle';

/** Beyond this the follower jumps to the leader; below it, it catches up by its speed. */
const JUMP_SECONDS = 0.5;

/**
 * Two direct files compared under one control (issue 41): one button plays and pauses both, one
 * slider seeks both, and the right follows the left within one frame (needsResync): at each
 * timeupdate a small drift is caught up by the right's speed, a large one by a jump; a pause or
 * a seek puts the right exactly on the left's time. `handle` is what the comments see: the left's
 * time, and a seek of both. On a phone (`shown`) one of the two is drawn at a time, both keep
 * playing in step. The clock is SMPTE at each side's own frame rate (issue 43): the same moment
 * is a different frame of a 25 fps cut than of a 29.97 fps one.
 */
export function SyncedPair({
  left,
  right,
  labels,
  rates,
  handle,
  shown = 'both',
}: {
  left: Extract<PlayerSource, { kind: 'file' }>;
  right: Extract<PlayerSource, { kind: 'file' }>;
  labels: readonly [string, string];
  /** Each side's frame rate, left then right. */
  rates: readonly [FrameRate, FrameRate];
  handle: PlayerHandle;
  shown?: 'both' | 'left' | 'right';
}) {
  const a = useRef<HTMLVideoElement>(null);
  const b = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => {
    const l = a.current;
    const r = b.current;
    if (!l || !r) return;
    const align = () => {
      r.playbackRate = 1;
      if (needsResync(l.currentTime, r.currentTime)) r.currentTime = l.currentTime;
    };
    const onTime = () => {
      setTime(l.currentTime);
      handle.report(l.currentTime);
      if (l.paused || r.seeking) return;
      const drift = l.currentTime - r.currentTime;
      if (Math.abs(drift) > JUMP_SECONDS) r.currentTime = l.currentTime;
      else if (needsResync(l.currentTime, r.currentTime)) {
        r.playbackRate = Math.min(1.5, Math.max(0.5, 1 + drift * 2));
      } else r.playbackRate = 1;
    };
    const onSeeked = () => {
      onTime();
      if (l.paused) align();
    };
    const onMeta = () => setDuration(Math.max(l.duration || 0, r.duration || 0));
    const onPlay = () => setPlaying(true);
    const onPause = () => {
      setPlaying(false);
      if (!r.paused) r.pause();
      align();
    };
    l.addEventListener('timeupdate', onTime);
    l.addEventListener('seeked', onSeeked);
    l.addEventListener('play', onPlay);
    l.addEventListener('pause', onPause);
    l.addEventListener('loadedmetadata', onMeta);
    r.addEventListener('loadedmetadata', onMeta);
    onMeta();
    const detach = handle.attach({
      seek: (s) => {
        l.currentTime = s;
        r.currentTime = s;
      },
    });
    return () => {
      l.removeEventListener('timeupdate', onTime);
      l.removeEventListener('seeked', onSeeked);
      l.removeEventListener('play', onPlay);
      l.removeEventListener('pause', onPause);
      l.removeEventListener('loadedmetadata', onMeta);
      r.removeEventListener('loadedmetadata', onMeta);
      detach();
    };
  }, [handle]);

  /** The moment as SMPTE at a side's rate: the frame on screen there. */
  const at = (seconds: number, side: 0 | 1) =>
    frameToTimecode(frameAtTime(seconds, rates[side]), rates[side]);

  const toggle = async () => {
    const l = a.current;
    const r = b.current;
    if (!l || !r) return;
    if (!l.paused) {
      l.pause();
      return;
    }
    r.currentTime = l.currentTime;
    try {
      await Promise.all([l.play(), r.play()]);
    } catch {
      // A play refused (no data yet, the browser's policy): both stay where they are.
      l.pause();
      r.pause();
    }
  };

  const video = (
    ref: React.RefObject<HTMLVideoElement | null>,
    source: PlayerSource,
    label: string,
    side: 'left' | 'right',
  ) => (
    <Box display={shown === 'both' || shown === side ? undefined : 'none'}>
      <Text size="xs" fw={600} mb={4}>
        {label}
      </Text>
      <AspectRatio ratio={16 / 9} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={ref}
          src={source.src}
          preload="auto"
          playsInline
          muted={side === 'right'}
          aria-label={`${label} (compared)`}
          data-compare={side}
          style={{ width: '100%', height: '100%', background: 'black' }}
        />
      </AspectRatio>
    </Box>
  );

  return (
    <Box>
      <SimpleGrid cols={shown === 'both' ? 2 : 1} spacing="sm">
        {video(a, left, labels[0], 'left')}
        {video(b, right, labels[1], 'right')}
      </SimpleGrid>
      <Group gap="sm" mt="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="filled"
          onClick={() => void toggle()}
          aria-label={playing ? 'Pause both' : 'Play both'}
          miw={72}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={duration || 1}
          step={0.01}
          value={Math.min(time, duration || 1)}
          label={(v) => at(v, 0)}
          onChange={(v) => handle.seek(v)}
          thumbLabel="Position of both"
          aria-label="Position of both"
        />
        <Stack gap={0} aria-live="off" data-testid="compare-clock">
          {([0, 1] as const).map((side) => (
            <Text key={side} size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {labels[side]} {at(time, side)}
            </Text>
          ))}
        </Stack>
      </Group>
    </Box>
  );
}
