import { AspectRatio } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { PlayerSource } from '@domain/player';
import { DrawingLayer } from '../../../components/drawing/drawing-layer';
import { DrawingToolbar } from '../../../components/drawing/drawing-toolbar';
import type { PlayerHandle } from '../../../lib/player-handle';

/*
 * The video in the detail dialog (issue 18), loaded with the dialog's first player only. YouTube
 * and Vimeo are driven through their embeds' postMessage protocols, written here rather than by
 * loading their API scripts from their hosts (the CSP allows no third-party script). Every
 * message heard is checked against the embed's origin and the frame's own window.
 */

/** The embed gets the app's origin only, which YouTube and Vimeo need to accept the embedding. */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** What a player may ask of the browser: full screen, picture in picture, protected media. */
const ALLOW = 'encrypted-media; fullscreen; picture-in-picture';

type Json = Record<string, unknown>;

/** A message's data as an object: YouTube sends JSON text, Vimeo objects (or text, older). */
function readData(data: unknown): Json | null {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return parsed && typeof parsed === 'object' ? (parsed as Json) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Json) : null;
}

const asNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface EmbedProtocol {
  /** Sent when the frame loads (and again until the player answers). */
  hello: () => unknown[];
  seek: (seconds: number) => unknown[];
  pause: () => unknown[];
  /** What a message from the player says: its time, and whether it is ready for commands. */
  read: (data: Json) => { time: number | null; ready: boolean };
  /** YouTube takes JSON text, Vimeo objects. */
  encode: (message: unknown) => unknown;
}

/*
 * YouTube's embed protocol (what its iframe API script sends): the page says 'listening', the
 * player then sends 'onReady' and 'infoDelivery' messages whose info carries currentTime;
 * commands are {event:'command', func, args}.
 */
const YOUTUBE: EmbedProtocol = {
  hello: () => [{ event: 'listening', id: 1, channel: 'widget' }],
  seek: (s) => [{ event: 'command', func: 'seekTo', args: [s, true], id: 1, channel: 'widget' }],
  pause: () => [{ event: 'command', func: 'pauseVideo', args: [], id: 1, channel: 'widget' }],
  read: (data) => {
    const info = readData(data.info);
    return {
      time: asNumber(info?.currentTime),
      ready: data.event === 'onReady' || data.event === 'initialDelivery' || info !== null,
    };
  },
  encode: (m) => JSON.stringify(m),
};

/*
 * Vimeo's player protocol (what player.js sends): {method, value} calls, answers {method, value},
 * events {event, data}; 'ready' comes first, 'timeupdate' carries data.seconds once asked for.
 */
const VIMEO: EmbedProtocol = {
  hello: () => [
    { method: 'addEventListener', value: 'timeupdate' },
    { method: 'addEventListener', value: 'seeked' },
    { method: 'getCurrentTime' },
  ],
  // player.js's setCurrentTime; Vimeo has no 'seekTo' and ignores it (issue 37: a Vimeo video
  // opened from a notice stayed at 0:00).
  seek: (s) => [{ method: 'setCurrentTime', value: s }, { method: 'getCurrentTime' }],
  pause: () => [{ method: 'pause' }],
  read: (data) => {
    const event = readData(data.data);
    const time =
      data.method === 'getCurrentTime'
        ? asNumber(data.value)
        : data.event === 'timeupdate' || data.event === 'seeked'
          ? asNumber(event?.seconds)
          : null;
    return { time, ready: data.event === 'ready' || time !== null };
  },
  encode: (m) => m,
};

const HELLO_EVERY_MS = 500;
const HELLO_TRIES = 20;

function EmbedPlayer({
  source,
  protocol,
  handle,
}: {
  source: Extract<PlayerSource, { kind: 'youtube' | 'vimeo' }>;
  protocol: EmbedProtocol;
  handle: PlayerHandle;
}) {
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let ready = false;
    let pending: number | null = null;
    let tries = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const send = (messages: unknown[]) => {
      const target = frame.current?.contentWindow;
      messages.forEach((m) => target?.postMessage(protocol.encode(m), source.origin));
    };
    const hello = () => {
      send(protocol.hello());
      if (++tries >= HELLO_TRIES) clearInterval(timer);
    };
    const onLoad = () => {
      clearInterval(timer);
      tries = 0;
      hello();
      timer = setInterval(() => (ready ? clearInterval(timer) : hello()), HELLO_EVERY_MS);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== source.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = readData(event.data);
      if (!data) return;
      const heard = protocol.read(data);
      if (heard.ready && !ready) {
        ready = true;
        clearInterval(timer);
        // Vimeo's 'ready' may come before our listeners were heard: ask again.
        send(protocol.hello());
        if (pending !== null) send(protocol.seek(pending));
        pending = null;
      }
      if (heard.time !== null) handle.report(heard.time);
    };
    const el = frame.current;
    el?.addEventListener('load', onLoad);
    window.addEventListener('message', onMessage);
    const detach = handle.attach({
      seek: (s) => {
        if (ready) send(protocol.seek(s));
        else pending = s;
      },
      pause: () => {
        if (ready) send(protocol.pause());
      },
    });
    return () => {
      clearInterval(timer);
      el?.removeEventListener('load', onLoad);
      window.removeEventListener('message', onMessage);
      detach();
    };
  }, [source, protocol, handle]);

  return (
    <iframe
      ref={frame}
      src={source.src}
      title={source.title}
      allow={ALLOW}
      referrerPolicy={REFERRER_POLICY}
      style={{ display: 'block', border: 0, width: '100%', height: '100%' }}
    />
  );
}

function FilePlayer({ source, handle }: { source: PlayerSource; handle: PlayerHandle }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const onTime = () => handle.report(el.currentTime);
    // The picture's own shape places a drawing on it, not on the bars (issue 43).
    const onShape = () =>
      handle.board.setAspect(el.videoHeight > 0 ? el.videoWidth / el.videoHeight : null);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeked', onTime);
    el.addEventListener('loadedmetadata', onShape);
    el.addEventListener('resize', onShape);
    onShape();
    const detach = handle.attach({
      seek: (s) => {
        el.currentTime = s;
      },
      pause: () => el.pause(),
    });
    return () => {
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeked', onTime);
      el.removeEventListener('loadedmetadata', onShape);
      el.removeEventListener('resize', onShape);
      detach();
    };
  }, [handle]);
  return (
    <video
      ref={video}
      src={source.src}
      controls
      preload="metadata"
      playsInline
      aria-label={source.title}
      // The whole picture, bars around it when its shape is not the box's (never cropped).
      style={{
        display: 'block',
        width: '100%',
        height: '100%',
        background: 'black',
        objectFit: 'contain',
      }}
    />
  );
}

/**
 * The video of the dialog in a 16:9 box: an embed, the browser's own player, or a preview, with
 * the drawing on its frame over it and, while drawing, the drawing's tools under it (issue 43).
 */
export function VideoPlayer({ source, handle }: { source: PlayerSource; handle: PlayerHandle }) {
  return (
    <>
      <AspectRatio ratio={16 / 9} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <div style={{ position: 'relative' }}>
          <Picture source={source} handle={handle} />
          <DrawingLayer handle={handle} />
        </div>
      </AspectRatio>
      <DrawingToolbar board={handle.board} />
    </>
  );
}

function Picture({ source, handle }: { source: PlayerSource; handle: PlayerHandle }) {
  return (
    <>
      {source.kind === 'file' ? (
        <FilePlayer source={source} handle={handle} />
      ) : source.kind === 'youtube' || source.kind === 'vimeo' ? (
        <EmbedPlayer
          source={source}
          protocol={source.kind === 'youtube' ? YOUTUBE : VIMEO}
          handle={handle}
        />
      ) : (
        <iframe
          src={source.src}
          title={source.title}
          allow={ALLOW}
          referrerPolicy={REFERRER_POLICY}
          style={{ display: 'block', border: 0, width: '100%', height: '100%' }}
        />
      )}
    </>
  );
}
