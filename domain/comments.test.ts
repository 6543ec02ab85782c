import { describe, expect, it } from 'vitest';
import {
  canDeleteComment,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  commentBody,
  findTimecodes,
} from './comments';
import { linkAtSecond } from './links';

describe('commentBody', () => {
  const parse = (content: unknown) => commentBody.safeParse({ content });

  it('trims the content', () => {
    expect(parse('  hello \n').data).toEqual({ content: 'hello' });
  });

  it('refuses empty, whitespace-only and missing content', () => {
    for (const content of ['', '  \t\n ', undefined, null, 3]) {
      expect(parse(content).error?.issues[0]?.message).toBe(COMMENT_MESSAGES.empty);
    }
  });

  it('refuses more than the limit after trimming', () => {
    expect(parse('x'.repeat(COMMENT_MAX_LENGTH)).success).toBe(true);
    expect(parse(` ${'x'.repeat(COMMENT_MAX_LENGTH)} `).success).toBe(true);
    expect(parse('x'.repeat(COMMENT_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe(
      'Comment is too long (at most 5000 characters)',
    );
  });
});

describe('findTimecodes', () => {
  it('finds m:ss, mm:ss and h:mm:ss with their seconds and positions', () => {
    const text = 'Fix 1:23, then 01:02:03 and 12:05 (also 0:07)';
    expect(findTimecodes(text)).toEqual([
      { text: '1:23', index: 4, seconds: 83 },
      { text: '01:02:03', index: 15, seconds: 3723 },
      { text: '12:05', index: 28, seconds: 725 },
      { text: '0:07', index: 40, seconds: 7 },
    ]);
    expect(findTimecodes('1:00:00')).toEqual([{ text: '1:00:00', index: 0, seconds: 3600 }]);
  });

  it('leaves alone what only looks like one', () => {
    for (const text of [
      'no times here',
      '1:2',
      '1:60',
      '1:61:00',
      '1:5:00',
      '1:2:3:4',
      '10.1:20',
      'localhost:8080',
      'a1:23',
      '1:234',
      'ratio 16:9',
    ]) {
      expect(findTimecodes(text), text).toEqual([]);
    }
  });

  it('keeps sentence punctuation outside', () => {
    expect(findTimecodes('at 2:30. Then 3:15!').map((t) => t.text)).toEqual(['2:30', '3:15']);
  });

  it('gives the seconds linkAtSecond turns into a link where the platform allows', () => {
    const [tc] = findTimecodes('see 1:23');
    expect(linkAtSecond('https://youtu.be/abcdefghijk', tc!.seconds)).toBe(
      'https://www.youtube.com/watch?v=abcdefghijk&t=83s',
    );
  });
});

describe('canDeleteComment', () => {
  const comment = { userId: 'a' };
  const who = (id: string, role: string, isAdmin = 'false') => ({ id, role, isAdmin });

  it('lets the author, lead editors, the king and admins delete', () => {
    expect(canDeleteComment(who('a', 'client'), comment)).toBe(true);
    expect(canDeleteComment(who('b', 'lead_editor'), comment)).toBe(true);
    expect(canDeleteComment(who('b', 'king'), comment)).toBe(true);
    expect(canDeleteComment(who('b', 'editor', 'true'), comment)).toBe(true);
  });

  it('refuses other readers', () => {
    expect(canDeleteComment(who('b', 'editor'), comment)).toBe(false);
    expect(canDeleteComment(who('b', 'client'), comment)).toBe(false);
    expect(canDeleteComment(who('b', 'client_team_lead'), comment)).toBe(false);
  });
});
