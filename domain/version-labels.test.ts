import { describe, expect, it } from 'vitest';
import { carryLists, VERSION_TEXTS, versionParam } from './version-labels';

describe('version labels (issue 41)', () => {
  it("names a version's query parameter by its number, the source as 'source'", () => {
    expect(versionParam(2)).toBe('2');
    expect(versionParam(null)).toBe('source');
  });

  it('says where a carried note came from, and how many notes are open', () => {
    expect(VERSION_TEXTS.carriedFrom(1)).toBe('from v1');
    expect(VERSION_TEXTS.carriedFrom(0)).toBe('from Source');
    expect(VERSION_TEXTS.openNotes(1)).toBe('1 open note');
    expect(VERSION_TEXTS.openNotes(0)).toBe('0 open notes');
    expect(VERSION_TEXTS.round(2)).toBe('Round 2');
  });

  it('turns a choice per note into the carry and close lists (left notes in neither)', () => {
    expect(carryLists({ a: 'carry', b: 'close', c: 'leave', d: 'carry' })).toEqual({
      carry: ['a', 'd'],
      close: ['b'],
    });
  });
});
