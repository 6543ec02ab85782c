import { describe, expect, it } from 'vitest';
import {
  carryLists,
  mayAddVersion,
  mayMarkDone,
  VERSION_MESSAGES,
  versionLabel,
  versionParam,
} from './version-labels';

const as = (role: string, admin = false, id = 'me') => ({ id, role, isAdmin: String(admin) });

describe('version labels (issue 41)', () => {
  it('names a version by its number and the source as Source', () => {
    expect(versionLabel(3)).toBe('v3');
    expect(versionLabel(null)).toBe('Source');
    expect(versionParam(2)).toBe('2');
    expect(versionParam(null)).toBe('source');
  });

  it('says where a carried note came from, and how many notes are open', () => {
    expect(VERSION_MESSAGES.carriedFrom(1)).toBe('from v1');
    expect(VERSION_MESSAGES.carriedFrom(0)).toBe('from Source');
    expect(VERSION_MESSAGES.openNotes(1)).toBe('1 open note');
    expect(VERSION_MESSAGES.openNotes(0)).toBe('0 open notes');
    expect(VERSION_MESSAGES.round(2)).toBe('Round 2');
  });

  it('turns a choice per note into the carry and close lists (left notes in neither)', () => {
    expect(carryLists({ a: 'carry', b: 'close', c: 'leave', d: 'carry' })).toEqual({
      carry: ['a', 'd'],
      close: ['b'],
    });
  });
});

describe('who may add a version and tick off a note (docs/rules.md#who-may-do-what)', () => {
  it('the agency side and managers add versions; the client side never', () => {
    expect(mayAddVersion(as('editor'))).toBe(true);
    expect(mayAddVersion(as('lead_editor'))).toBe(true);
    expect(mayAddVersion(as('king'))).toBe(true);
    expect(mayAddVersion(as('client', true))).toBe(true);
    expect(mayAddVersion(as('client'))).toBe(false);
    expect(mayAddVersion(as('client_team_lead'))).toBe(false);
  });

  it("a client ticks off its own notes only; the agency side anyone's", () => {
    expect(mayMarkDone(as('client'), { userId: 'me' })).toBe(true);
    expect(mayMarkDone(as('client'), { userId: 'other' })).toBe(false);
    expect(mayMarkDone(as('client_team_lead'), { userId: null })).toBe(false);
    expect(mayMarkDone(as('editor'), { userId: 'other' })).toBe(true);
    expect(mayMarkDone(as('king'), { userId: null })).toBe(true);
  });
});
