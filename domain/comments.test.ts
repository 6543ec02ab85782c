import { describe, expect, it } from 'vitest';
import {
  canDeleteComment,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  commentBody,
  isOpenNote,
  replyBodyError,
  threadsOf,
} from './comments';

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

describe('threadsOf (issue 45 part 4)', () => {
  const c = (id: string, parentId: string | null = null) => ({ id, parentId });
  it('puts each reply under its first comment, in order, and leaves out one whose first comment is not listed', () => {
    const list = [c('a'), c('r1', 'a'), c('b'), c('r2', 'a'), c('r3', 'b'), c('lost', 'gone')];
    expect(threadsOf(list)).toEqual([
      { comment: c('a'), replies: [c('r1', 'a'), c('r2', 'a')] },
      { comment: c('b'), replies: [c('r3', 'b')] },
    ]);
  });
});

describe('replyBodyError and isOpenNote (issue 45 part 4)', () => {
  it('refuses a time, a frame or a drawing on a reply, not on a comment', () => {
    const parentId = '00000000-0000-4000-8000-000000000000';
    expect(replyBodyError({ parentId })).toBeNull();
    expect(replyBodyError({ parentId, time: '  ' })).toBeNull();
    for (const extra of [{ time: '0:05' }, { frame: 0 }, { drawing: { shapes: [] } }]) {
      expect(replyBodyError({ parentId, ...extra })).toBe(COMMENT_MESSAGES.replyNoTime);
      expect(replyBodyError(extra)).toBeNull();
    }
  });
  it('counts a first comment not done as an open note, never a reply', () => {
    expect(isOpenNote({ parentId: null, doneAt: null })).toBe(true);
    expect(isOpenNote({ parentId: 'a', doneAt: null })).toBe(false);
    expect(isOpenNote({ parentId: null, doneAt: '2026-12-06T10:00:00.000Z' })).toBe(false);
  });
});
