/**
 * Where a video plays inside the detail dialog (issue 18): the embed players of the platforms the
 * app recognises and the browser's own <video> for a direct file. The embed origins are written
 * once here: the player checks every message it hears against them and the server's
 * Content-Security-Policy allows exactly them in frame-src.
 */
import { driveId, vimeoId, youtubeId } from './links';
import { DEFAULT_FRAME_RATE, rateSpec } from './timecode';

/*
 * YouTube's privacy-enhanced host: it sets no cookies until the person plays the video, and it
 * speaks the same embed postMessage protocol as www.youtube.com.
 */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_EMBED_ORIGIN = 'https://player.vimeo.com';
export const DRIVE_EMBED_ORIGIN = 'https://drive.google.com';
export const LOOM_EMBED_ORIGIN = 'https://www.loom.com';

/** Every origin the dialog may frame, for the CSP's frame-src. */
export const EMBED_ORIGINS = [
  YOUTUBE_EMBED_ORIGIN,
  VIMEO_EMBED_ORIGIN,
  DRIVE_EMBED_ORIGIN,
  LOOM_EMBED_ORIGIN,
] as const;

export type PlayerSource =
  /** An embed that answers with its time and takes seeks through postMessage. */
  | { kind: 'youtube' | 'vimeo'; src: string; origin: string; title: string }
  /** An embed with no time API: the time of a comment is typed. */
  | { kind: 'drive' | 'loom'; src: string; origin: string; title: string }
  /** A video file the browser plays itself. */
  | { kind: 'file'; src: string; title: string };

function parse(link: string): URL | null {
  try {
    return new URL(link.trim());
  } catch {
    return null;
  }
}

/**
 * A Loom video's id: 32 hexadecimal characters after /share/ or /embed/ on loom.com
 * ('https://www.loom.com/share/<id>', with an optional '?sid=...').
 */
export function loomId(link: string): string | null {
  const url = parse(link);
  if (!url || url.protocol !== 'https:') return null;
  const h = url.hostname.toLowerCase();
  if (h !== 'loom.com' && h !== 'www.loom.com') return null;
  return /^\/(?:share|embed)\/([0-9a-f]{32})(?:\/|$)/i.exec(url.pathname)?.[1] ?? null;
}

/**
 * An unlisted Vimeo video's privacy hash ('vimeo.com/<id>/<hash>' or '?h=<hash>'), which its
 * embed needs as '?h=<hash>'.
 */
function vimeoHash(link: string, id: string): string | null {
  const url = parse(link);
  if (!url) return null;
  const inPath = new RegExp(`/${id}/([0-9a-f]+)(?:/|$)`, 'i').exec(url.pathname)?.[1];
  const hash = inPath ?? url.searchParams.get('h');
  return hash && /^[0-9a-f]+$/i.test(hash) ? hash : null;
}

/** File endings the browser's <video> plays (by the address's path, any case). */
const VIDEO_FILE = /\.(?:mp4|m4v|webm|mov)$/i;

/**
 * A direct video file: an https address whose path ends in a video file's extension. Plain http
 * is left to the Open button: an https page may not play it (mixed content), and the CSP's
 * media-src allows https only.
 */
export function directVideoFile(link: string): string | null {
  const url = parse(link);
  if (!url || url.protocol !== 'https:' || !VIDEO_FILE.test(url.pathname)) return null;
  return url.href;
}

/**
 * The player for a video's link, or null (Frame.io, unknown links: the Open button). `origin` is
 * the app's own origin, which YouTube needs to address its messages to us.
 */
export function playerSource(link: string, origin: string): PlayerSource | null {
  for (const embed of EMBEDS) {
    const id = embed.id(link);
    if (id) {
      const { kind, title } = embed;
      return { kind, title, origin: embed.origin, src: embed.src(id, link, origin) };
    }
  }
  const file = directVideoFile(link);
  return file ? { kind: 'file', src: file, title: 'Video' } : null;
}

type EmbedKind = Exclude<PlayerSource['kind'], 'file'>;

/** Each platform's embed address from its video id, in each platform's documented form. */
const EMBEDS: {
  kind: EmbedKind;
  origin: string;
  title: string;
  id: (link: string) => string | null;
  src: (id: string, link: string, appOrigin: string) => string;
}[] = [
  {
    kind: 'youtube',
    origin: YOUTUBE_EMBED_ORIGIN,
    title: 'YouTube video player',
    id: youtubeId,
    // enablejsapi turns the postMessage protocol on; origin names who may speak it.
    src: (id, _link, appOrigin) =>
      `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?${new URLSearchParams({ enablejsapi: '1', origin: appOrigin, rel: '0' }).toString()}`,
  },
  {
    kind: 'vimeo',
    origin: VIMEO_EMBED_ORIGIN,
    title: 'Vimeo video player',
    id: vimeoId,
    src: (id, link) => {
      const hash = vimeoHash(link, id);
      return `${VIMEO_EMBED_ORIGIN}/video/${id}?api=1${hash ? `&h=${hash}` : ''}`;
    },
  },
  {
    kind: 'drive',
    origin: DRIVE_EMBED_ORIGIN,
    title: 'Google Drive video preview',
    id: driveId,
    src: (id) => `${DRIVE_EMBED_ORIGIN}/file/d/${id}/preview`,
  },
  {
    kind: 'loom',
    origin: LOOM_EMBED_ORIGIN,
    title: 'Loom video player',
    id: loomId,
    src: (id) => `${LOOM_EMBED_ORIGIN}/embed/${id}`,
  },
];

/** Players that report their time and take seeks. */
export const canTellTime = (source: PlayerSource) =>
  source.kind === 'youtube' || source.kind === 'vimeo' || source.kind === 'file';

/**
 * Two versions compared side by side (issue 41) play under one control only when the browser
 * plays both itself (direct MP4/WebM/MOV files); embeds each run alone.
 */
export const playTogether = (a: PlayerSource, b: PlayerSource): boolean =>
  a.kind === 'file' && b.kind === 'file';

/** How far two players under one control may drift apart: one frame. */
export const SYNC_TOLERANCE_SECONDS = 1 / rateSpec(DEFAULT_FRAME_RATE).nominal;

/** Whether the follower must be put back on the leader's time. */
export const needsResync = (leader: number, follower: number): boolean =>
  Math.abs(leader - follower) > SYNC_TOLERANCE_SECONDS;
