/**
 * Video links: normalisation of 'Global Add New Video' (docs/product.md#validation-and-messages), platform detection
 * and the ids the cards show (docs/product.md#constants-and-limits).
 */
export type Platform = 'youtube' | 'vimeo' | 'drive' | 'frameio' | 'other';

export const LINK_MESSAGES = {
  required: 'Video link is required',
  invalid: 'Please enter a valid video link',
  invalidUrl: 'Please enter a valid URL',
  openInvalid: 'Invalid URL format',
} as const;

/**
 * Adds https to a link typed without a scheme. Text that already names another scheme
 * ('mailto:', 'javascript:') is left alone so validation refuses it, rather than being turned
 * into https://mailto:... (which parses as credentials and a host). 'host:8080' is a port.
 */
function withScheme(raw: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return raw;
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(raw)) return raw;
  return `https://${raw.replace(/^\/+/, '')}`;
}

function parse(raw: string): URL | null {
  try {
    return new URL(withScheme(raw.trim()));
  } catch {
    return null;
  }
}

const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\.|^m\./, '');

/** The domain itself or one of its subdomains; 'notvimeo.com' is not Vimeo. */
const onDomain = (h: string, domain: string) => h === domain || h.endsWith(`.${domain}`);

/** YouTube and Drive ids are URL-safe base64 text; anything else cannot go into a rebuilt link. */
const asId = (id: string | null | undefined) => (id && /^[A-Za-z0-9_-]+$/.test(id) ? id : null);

export function youtubeId(link: string): string | null {
  const url = parse(link);
  if (!url) return null;
  const h = host(url);
  if (h === 'youtu.be') return asId(url.pathname.split('/')[1]);
  if (h === 'youtube.com' || h === 'music.youtube.com') {
    if (url.pathname === '/watch') return asId(url.searchParams.get('v'));
    const m = /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(url.pathname);
    return asId(m?.[1]);
  }
  return null;
}

export function vimeoId(link: string): string | null {
  const url = parse(link);
  if (!url || !onDomain(host(url), 'vimeo.com')) return null;
  return /\/(\d+)(?:\/|$)/.exec(url.pathname)?.[1] ?? null;
}

export function driveId(link: string): string | null {
  const url = parse(link);
  if (!url || !onDomain(host(url), 'drive.google.com')) return null;
  return asId(/\/d\/([^/?#]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('id'));
}

export function detectPlatform(link: string): Platform {
  if (youtubeId(link)) return 'youtube';
  const url = parse(link);
  if (!url) return 'other';
  const h = host(url);
  if (onDomain(h, 'vimeo.com')) return 'vimeo';
  if (onDomain(h, 'drive.google.com')) return 'drive';
  if (onDomain(h, 'frame.io') || h === 'f.io') return 'frameio';
  return 'other';
}

export const PLATFORM_LABELS: Record<Platform, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  drive: 'Google Drive',
  frameio: 'Frame.io',
  other: 'Link',
};

/**
 * Normalises a link as the global add dialog does: YouTube short forms become a watch link,
 * Drive links a file-view link by id, Vimeo links are reduced to the video id (kept as a
 * canonical vimeo.com/{id} link so it still opens), and anything without a scheme gets https.
 */
export function normalizeLink(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed) return trimmed;
  const yt = youtubeId(trimmed);
  if (yt) return `https://www.youtube.com/watch?v=${yt}`;
  const vimeo = vimeoId(trimmed);
  if (vimeo) return `https://vimeo.com/${vimeo}`;
  const drive = driveId(trimmed);
  if (drive) return `https://drive.google.com/file/d/${drive}/view`;
  return withScheme(trimmed);
}

/** A recognised video or file host, or any http(s) URL with a dotted host name. */
export function isValidVideoLink(raw: string): boolean {
  const url = parse(raw);
  if (!url) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname.includes('.') || url.hostname === 'localhost';
}

/**
 * A web address as typed, with https added when it has no scheme and nothing else changed: the
 * published URL of a posted video is kept as the person gave it (no YouTube or Drive rewriting).
 */
export const normalizeWebLink = (raw: string): string => withScheme(raw.trim());

/** The Open button works only for http or https links. */
export function isOpenableLink(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** YouTube ids are shown as their first 11 characters; card labels use the first 8. */
export const displayYoutubeId = (id: string) => id.slice(0, 11);
export const cardLabelId = (id: string) => id.slice(0, 8);

/** Adds a start time to a link where the platform allows it (YouTube and Vimeo). */
export function linkAtSecond(link: string, seconds: number): string | null {
  // Players report fractional times; both sites take whole seconds.
  const at = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const platform = detectPlatform(link);
  if (platform === 'youtube') {
    const id = youtubeId(link);
    return id ? `https://www.youtube.com/watch?v=${id}&t=${at}s` : null;
  }
  if (platform === 'vimeo') {
    const id = vimeoId(link);
    return id ? `https://vimeo.com/${id}#t=${at}s` : null;
  }
  return null;
}
