import { describe, expect, it } from 'vitest';
import { canDeleteComment, COMMENT_MAX_LENGTH, COMMENT_MESSAGES, commentBody } from './comments';

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
