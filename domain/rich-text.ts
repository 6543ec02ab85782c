import { findTimecodes, type FrameRate } from './timecode';
import { driveId, linkAtSecond, vimeoId, youtubeId, type Platform } from './links';
import { findMentions } from './mentions';

/**
 * How free text (comments, descriptions) is shown (docs/product.md#screens 'Text rendering'): the text
 * is cut into pieces the web renders as React elements, so nothing in it is ever read as HTML.
 */
export type RichToken =
  | { kind: 'text'; text: string }
  /** Any other http(s) address: a link chip. */
  | { kind: 'url'; text: string; href: string }
  /** A video-site address with an id: a card labelled with the id's first 8 characters. */
  | { kind: 'video'; text: string; href: string; platform: Platform; id: string }
  | { kind: 'mention'; text: string; username: string }
  /** `href` opens the video at that second where its platform allows it, otherwise null. */
  | { kind: 'timecode'; text: string; seconds: number; href: string | null };

/* http(s):// or www. up to whitespace or a character that cannot end an address in prose. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

/** Sentence punctuation after an address belongs to the sentence, not the address. */
function trimUrl(raw: string): string {
  let url = raw.replace(/[.,;:!?]+$/, '');
  // A closing bracket is the address's only if it opens one too ('wiki/Foo_(bar)').
  while (/[)\]]$/.test(url)) {
    const close = url.at(-1)!;
    const open = close === ')' ? '(' : '[';
    if (url.split(open).length >= url.split(close).length) break;
    url = url.slice(0, -1).replace(/[.,;:!?]+$/, '');
  }
  return url;
}

function toHref(text: string): string | null {
  try {
    const url = new URL(/^www\./i.test(text) ? `https://${text}` : text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function linkToken(text: string): RichToken {
  const href = toHref(text);
  if (!href) return { kind: 'text', text };
  const yt = youtubeId(href);
  if (yt) return { kind: 'video', text, href, platform: 'youtube', id: yt };
  const vimeo = vimeoId(href);
  if (vimeo) return { kind: 'video', text, href, platform: 'vimeo', id: vimeo };
  const drive = driveId(href);
  if (drive) return { kind: 'video', text, href, platform: 'drive', id: drive };
  return { kind: 'url', text, href };
}

/** Mentions and timecodes inside a piece of text that holds no address. */
function inlineTokens(
  text: string,
  videoLink: string | null,
  people: ReadonlySet<string> | null,
  rate?: FrameRate,
): RichToken[] {
  const marks: { index: number; length: number; token: RichToken }[] = [
    ...findMentions(text)
      .filter((m) => !people || people.has(m.username.toLowerCase()))
      .map((m) => ({
        index: m.index,
        length: m.length,
        token: {
          kind: 'mention' as const,
          text: text.slice(m.index, m.index + m.length),
          username: m.username,
        },
      })),
    ...findTimecodes(text, rate).map((t) => ({
      index: t.index,
      length: t.text.length,
      token: {
        kind: 'timecode' as const,
        text: t.text,
        seconds: t.seconds,
        href: videoLink ? linkAtSecond(videoLink, t.seconds) : null,
      },
    })),
  ].sort((a, b) => a.index - b.index);
  const out: RichToken[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) out.push({ kind: 'text', text: text.slice(at, mark.index) });
    out.push(mark.token);
    at = mark.index + mark.length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/**
 * The pieces of `text` in order; joined, their `text` is the input unchanged. `videoLink` is the
 * video the text is about, for timecode links. `people`: the lowercase usernames that may be
 * mentioned there, when known; an @word naming anyone else stays text (issue 37: a badge said
 * someone was told when nobody was).
 */
export function tokenizeRichText(
  text: string,
  videoLink: string | null = null,
  people: ReadonlySet<string> | null = null,
  /** The rate SMPTE timecodes in it count frames at (its version's; issue 43). */
  rate?: FrameRate,
): RichToken[] {
  const out: RichToken[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const raw = trimUrl(m[0]);
    if (!raw || m.index < at) continue;
    out.push(...inlineTokens(text.slice(at, m.index), videoLink, people, rate));
    out.push(linkToken(raw));
    at = m.index + raw.length;
  }
  out.push(...inlineTokens(text.slice(at), videoLink, people, rate));
  // Neighbouring plain pieces (an address that was not one) read as one.
  return out.reduce<RichToken[]>((acc, token) => {
    const last = acc.at(-1);
    if (token.kind === 'text' && last?.kind === 'text') last.text += token.text;
    else acc.push(token.kind === 'text' ? { ...token } : token);
    return acc;
  }, []);
}

/** The text a link chip shows: host and path, shortened. */
export function chipLabel(href: string, max = 40): string {
  let label = href;
  try {
    const url = new URL(href);
    label = `${url.hostname.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    // keep the address as written
  }
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}
