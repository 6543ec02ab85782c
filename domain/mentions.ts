/**
 * @username mentions in comments (docs/product.md#screens 'Video detail dialog'): parsing for the
 * server's notifications and the web's badges, and the suggestion query for the comment box.
 */
export const MENTION_SUGGESTIONS_MAX = 5;

export const MENTION_MESSAGES = {
  /** The composer's hint for an @word that names nobody the viewer may mention on the video. */
  nobody: (word: string) => `No one named “${word}” can be mentioned here`,
} as const;

/*
 * '@' at the start or after a character that cannot be part of a word or an e-mail address,
 * then username characters (letters, digits, dots, dashes, underscores: domain/auth.ts).
 */
const MENTION = /(?<![\w.@-])@([A-Za-z0-9._-]+)/g;

export interface Mention {
  /** The username as written, without '@' and without trailing sentence punctuation. */
  username: string;
  /** Offset of the '@'. */
  index: number;
  /** Length of '@username' in the text. */
  length: number;
}

/** Every mention in order, as written ('@anna.' at a sentence end is '@anna'). */
export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const m of text.matchAll(MENTION)) {
    const username = m[1]!.replace(/[.-]+$/, '');
    if (!username) continue;
    found.push({ username, index: m.index, length: username.length + 1 });
  }
  return found;
}

/** The distinct usernames mentioned, lowercased (usernames are unique regardless of case). */
export function parseMentions(text: string): string[] {
  return [...new Set(findMentions(text).map((m) => m.username.toLowerCase()))];
}

/**
 * The mention being typed at the caret: '@' at a word start followed by at least one username
 * character, up to the caret. Null when the caret is not in such a word.
 */
export function activeMentionQuery(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(?:^|[^\w.@-])@([A-Za-z0-9._-]+)$/.exec(before);
  if (!m) return null;
  const query = m[1]!;
  return { start: caret - query.length - 1, query };
}

export interface MentionCandidate {
  username: string;
  name: string | null;
}

/**
 * People whose username or a word of whose name starts with the query, then those where it
 * appears anywhere, at most five.
 */
export function suggestMentions<T extends MentionCandidate>(
  people: readonly T[],
  query: string,
  max = MENTION_SUGGESTIONS_MAX,
): T[] {
  const q = query.toLowerCase();
  const starts: T[] = [];
  const contains: T[] = [];
  for (const p of people) {
    const name = (p.name ?? '').toLowerCase();
    const words = [p.username.toLowerCase(), ...name.split(/\s+/)];
    if (words.some((w) => w.startsWith(q))) starts.push(p);
    else if (words[0]!.includes(q) || name.includes(q)) contains.push(p);
  }
  return [...starts, ...contains].slice(0, max);
}

/**
 * The first @word of `text` that names nobody in `people` (issue 37: it would be posted as a
 * mention that tells no one), or null. The word being typed at `caret` counts only when no
 * suggestion fits it (it may still become someone's name); any other word must be a username.
 */
export function mentionOfNobody(
  text: string,
  caret: number,
  people: readonly MentionCandidate[],
): string | null {
  const usernames = new Set(people.map((p) => p.username.toLowerCase()));
  const typing = activeMentionQuery(text, caret);
  for (const m of findMentions(text)) {
    if (typing && m.index === typing.start) {
      // '@olivia.' ends a sentence: the name is olivia's (findMentions).
      const fits =
        usernames.has(m.username.toLowerCase()) || suggestMentions(people, typing.query).length;
      if (!fits) return typing.query;
    } else if (!usernames.has(m.username.toLowerCase())) {
      return m.username;
    }
  }
  return null;
}

/** The text with the typed query replaced by the chosen '@username ' and the new caret. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const end = at.start + at.query.length + 1;
  return {
    text: text.slice(0, at.start) + inserted + text.slice(end).replace(/^ /, ''),
    caret: at.start + inserted.length,
  };
}
