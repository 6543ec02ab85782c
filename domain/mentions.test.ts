import { describe, expect, it } from 'vitest';
import {
  activeMentionQuery,
  findMentions,
  insertMention,
  mentionOfNobody,
  MENTION_SUGGESTIONS_MAX,
  parseMentions,
  suggestMentions,
} from './mentions';
import { itReturns } from './test-helpers';

describe('parseMentions', () => {
  itReturns(parseMentions, 'finds in %j the mentions %j', [
    // @usernames at word starts, lowercased and distinct.
    ['@Anna please ask @bob_2 and @anna, cc @j.doe-x', ['anna', 'bob_2', 'j.doe-x']],
    // Trailing sentence punctuation is dropped.
    ['Thanks @anna. And @bob-!', ['anna', 'bob']],
    // E-mail addresses, a lone @ and @ inside words are not mentions.
    ['mail me@example.com or a@b, @ alone, x@y', []],
    ['@@double', []],
    // Mentions may follow punctuation and line breaks.
    ['(@anna)\n@bob,@carl', ['anna', 'bob', 'carl']],
  ]);

  it('reports positions for rendering badges', () => {
    expect(findMentions('hi @anna.')).toEqual([{ username: 'anna', index: 3, length: 5 }]);
  });
});

describe('mention suggestions', () => {
  it('finds the mention being typed at the caret', () => {
    expect(activeMentionQuery('hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(activeMentionQuery('@a', 2)).toEqual({ start: 0, query: 'a' });
    expect(activeMentionQuery('hello @', 7)).toBeNull();
    expect(activeMentionQuery('mail me@ex', 10)).toBeNull();
    expect(activeMentionQuery('@anna done', 10)).toBeNull();
    expect(activeMentionQuery('@anna done', 5)).toEqual({ start: 0, query: 'anna' });
  });

  const people = [
    { username: 'anna', name: 'Anna Smith' },
    { username: 'bob', name: 'Robert Annan' },
    { username: 'annika', name: null },
    { username: 'carl', name: 'Carl' },
    { username: 'dan', name: 'Joanna' },
    { username: 'ann1', name: null },
    { username: 'ann2', name: null },
  ];

  it('suggests prefix matches first, then other matches, at most five', () => {
    const got = suggestMentions(people, 'AN').map((p) => p.username);
    expect(got).toEqual(['anna', 'bob', 'annika', 'ann1', 'ann2']);
    expect(got).toHaveLength(MENTION_SUGGESTIONS_MAX);
    expect(suggestMentions(people, 'oann').map((p) => p.username)).toEqual(['dan']);
  });

  it('inserts the chosen username with a space and moves the caret after it', () => {
    const text = 'hi @an and more';
    const at = activeMentionQuery(text, 6)!;
    expect(insertMention(text, at, 'anna')).toEqual({ text: 'hi @anna and more', caret: 9 });
    expect(insertMention('@a', { start: 0, query: 'a' }, 'anna')).toEqual({
      text: '@anna ',
      caret: 6,
    });
  });
});

describe('mentionOfNobody (issue 37)', () => {
  const people = [
    { username: 'sam.editor', name: 'Sam Stone' },
    { username: 'olivia', name: 'Olivia Owner' },
  ];
  it('names the word being typed when no one may be mentioned by it', () => {
    expect(mentionOfNobody('Ask @zz', 7, people)).toBe('zz');
    // A start of someone's username or name is on its way to a mention.
    expect(mentionOfNobody('Ask @sa', 7, people)).toBeNull();
    expect(mentionOfNobody('Ask @Sto', 8, people)).toBeNull();
    expect(mentionOfNobody('Ask @sa', 7, [])).toBe('sa');
  });
  it('names a finished word that is nobody’s username, until it is fixed', () => {
    expect(mentionOfNobody('Ask @sa and @olivia now', 23, people)).toBe('sa');
    expect(mentionOfNobody('Ask @Sam.Editor and @olivia.', 28, people)).toBeNull();
    expect(mentionOfNobody('mail me at a@b.com', 18, people)).toBeNull();
    expect(mentionOfNobody('', 0, people)).toBeNull();
  });
});
