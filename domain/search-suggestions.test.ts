import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  canAddFavoriteType,
  MAX_FAVORITE_TYPES,
  MAX_NAME_MATCHES,
  MAX_RECENT_MATCHES,
  MAX_RECENT_SEARCHES,
  MAX_RECENT_WHEN_EMPTY,
  MAX_SUGGESTIONS,
  searchSuggestions,
  SMART_SUGGESTIONS,
  SUGGESTIONS_HIDE_DELAY_MS,
  toggleFavoriteType,
} from './search-suggestions';

const texts = (list: readonly { kind: string; text: string }[]) =>
  list.map((s) => `${s.kind}:${s.text}`);

const SMART = [
  'smart:Ready consultation videos',
  'smart:Action reels to post',
  'smart:Voice-over work queue',
];

describe('constants (docs/product.md#constants-and-limits)', () => {
  it('match the spec', () => {
    expect(MAX_SUGGESTIONS).toBe(8);
    expect(MAX_RECENT_WHEN_EMPTY).toBe(5);
    expect(MAX_NAME_MATCHES).toBe(5);
    expect(MAX_RECENT_MATCHES).toBe(3);
    expect(MAX_RECENT_SEARCHES).toBe(10);
    expect(MAX_FAVORITE_TYPES).toBe(5);
    expect(SUGGESTIONS_HIDE_DELAY_MS).toBe(150);
  });

  it('has the three smart suggestions, each setting filters', () => {
    expect(SMART_SUGGESTIONS).toEqual([
      { text: 'Ready consultation videos', filter: 'ready_to_post', typeFilter: 'consultation' },
      { text: 'Action reels to post', filter: 'ready_to_post', typeFilter: 'action-reel' },
      { text: 'Voice-over work queue', filter: 'in_progress', typeFilter: 'voice-over' },
    ]);
  });
});

describe('searchSuggestions', () => {
  const recentSearches = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];

  it('empty query: up to 5 recent searches, then the smart suggestions', () => {
    const list = searchSuggestions({ query: '  ', videoNames: ['A video'], recentSearches });
    expect(texts(list)).toEqual([
      'recent:one',
      'recent:two',
      'recent:three',
      'recent:four',
      'recent:five',
      ...SMART,
    ]);
  });

  it('empty query, no history: the smart suggestions only', () => {
    expect(texts(searchSuggestions({ query: '', videoNames: [], recentSearches: [] }))).toEqual(
      SMART,
    );
  });

  it('typing: up to 5 matching names, then up to 3 matching recent searches, 8 at most', () => {
    const videoNames = ['Reel 1', 'reel 2', 'Other', 'REEL 3', 'Reel 4', 'Reel 5', 'Reel 6'];
    const recent = ['reel a', 'no', 'reel b', 'reel c', 'reel d'];
    const list = searchSuggestions({ query: 'REEL', videoNames, recentSearches: recent });
    expect(texts(list)).toEqual([
      'video:Reel 1',
      'video:reel 2',
      'video:REEL 3',
      'video:Reel 4',
      'video:Reel 5',
      'recent:reel a',
      'recent:reel b',
      'recent:reel c',
    ]);
  });

  it('typing: the smart suggestions that match fill the room left', () => {
    const list = searchSuggestions({
      query: 'post',
      videoNames: ['Post-op recap', 'Intro'],
      recentSearches: ['posted ones'],
    });
    expect(texts(list)).toEqual([
      'video:Post-op recap',
      'recent:posted ones',
      'smart:Action reels to post',
    ]);
    expect(list[2]).toEqual({
      kind: 'smart',
      text: 'Action reels to post',
      filter: 'ready_to_post',
      typeFilter: 'action-reel',
    });
  });

  it('never lists the same text twice', () => {
    const list = searchSuggestions({
      query: 'vlog',
      videoNames: ['Morning Vlog', 'Morning Vlog', 'morning vlog', 'Evening vlog'],
      recentSearches: ['morning vlog', 'vlog', 'evening vlog'],
    });
    expect(texts(list)).toEqual(['video:Morning Vlog', 'video:Evening vlog', 'recent:vlog']);
  });

  it('finds nothing when nothing matches', () => {
    expect(searchSuggestions({ query: 'zzz', videoNames: ['A'], recentSearches: ['b'] })).toEqual(
      [],
    );
  });
});

describe('addRecentSearch', () => {
  it('puts the lowercased, trimmed search first without duplicates', () => {
    expect(addRecentSearch(['b', 'a'], '  Vlog ')).toEqual(['vlog', 'b', 'a']);
    expect(addRecentSearch(['b', 'vlog', 'a'], 'VLOG')).toEqual(['vlog', 'b', 'a']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    const ten = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    expect(addRecentSearch(ten, 'new')).toEqual(['new', ...ten.slice(0, 9)]);
  });

  it('ignores a blank search and leaves the input alone', () => {
    const recent = ['a'];
    expect(addRecentSearch(recent, '   ')).toEqual(['a']);
    addRecentSearch(recent, 'b');
    expect(recent).toEqual(['a']);
  });
});

describe('favorite types', () => {
  it('toggles a type on and off', () => {
    expect(toggleFavoriteType(['vlog'], 'funny')).toEqual(['vlog', 'funny']);
    expect(toggleFavoriteType(['vlog', 'funny'], 'vlog')).toEqual(['funny']);
    expect(toggleFavoriteType([], 'Voice Over')).toEqual(['voice-over']);
    expect(toggleFavoriteType(['vlog'], ' ')).toEqual(['vlog']);
  });

  it('holds at most 5: a sixth is refused, removal still works', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(canAddFavoriteType(five.slice(0, 4))).toBe(true);
    expect(canAddFavoriteType(five)).toBe(false);
    expect(toggleFavoriteType(five, 'f')).toEqual(five);
    expect(toggleFavoriteType(five, 'c')).toEqual(['a', 'b', 'd', 'e']);
  });
});
