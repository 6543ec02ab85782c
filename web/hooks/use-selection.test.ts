import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

const rows = (...ids: string[]) => ids.map((id) => ({ id }));
const idOf = (row: { id: string }) => row.id;

function setup(initial: { id: string }[]) {
  return renderHook(({ shown }) => useSelection(shown, idOf), { initialProps: { shown: initial } });
}

describe('useSelection', () => {
  it('toggles one row on and off, in the order the list shows', () => {
    const { result } = setup(rows('a', 'b', 'c'));
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('a'));
    expect(result.current.chosen.map(idOf)).toEqual(['a', 'c']);
    expect(result.current.someChosen).toBe(true);
    expect(result.current.allChosen).toBe(false);
    act(() => result.current.toggle('c'));
    expect(result.current.chosen.map(idOf)).toEqual(['a']);
    expect(result.current.isChosen('c')).toBe(false);
  });

  it('selects every shown row, then clears them all', () => {
    const { result } = setup(rows('a', 'b'));
    act(() => result.current.toggle('a'));
    act(() => result.current.toggleAll());
    expect(result.current.chosen.map(idOf)).toEqual(['a', 'b']);
    expect(result.current.allChosen).toBe(true);
    expect(result.current.someChosen).toBe(false);
    act(() => result.current.toggleAll());
    expect(result.current.chosen).toEqual([]);
  });

  it('counts only the rows shown: a filtered-out pick is not chosen, and comes back with its row', () => {
    const { result, rerender } = setup(rows('a', 'b', 'c'));
    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('b'));
    rerender({ shown: rows('b', 'c') });
    expect(result.current.chosen.map(idOf)).toEqual(['b']);
    rerender({ shown: rows('a', 'b', 'c') });
    expect(result.current.chosen.map(idOf)).toEqual(['a', 'b']);
  });

  it('select-all picks exactly the shown rows and drops hidden picks', () => {
    const { result, rerender } = setup(rows('a', 'b', 'c'));
    act(() => result.current.toggle('a'));
    rerender({ shown: rows('b', 'c') });
    act(() => result.current.toggleAll());
    rerender({ shown: rows('a', 'b', 'c') });
    expect(result.current.chosen.map(idOf)).toEqual(['b', 'c']);
  });

  it('is never all chosen over an empty list, and clear forgets every pick', () => {
    const { result, rerender } = setup([]);
    expect(result.current.allChosen).toBe(false);
    rerender({ shown: rows('a') });
    act(() => result.current.toggle('a'));
    act(() => result.current.clear());
    expect(result.current.chosen).toEqual([]);
    expect(result.current.isChosen('a')).toBe(false);
  });
});
