import { describe, expect, it } from 'vitest';
import { applyListDelta, deltaOrder } from './list-delta';

/** Keys as the server makes them: id, version, then the viewer's hidden fields. */
const key = (id: string, version = 1) => `${id}|${version}|0|0`;
const video = (id: string, version = 1) => ({ id, name: `${id} v${version}` });

describe('a list delta (domain/list-delta.ts)', () => {
  it('keeps runs of the held list and sends what is new or changed, in the new order', () => {
    const held = ['a', 'b', 'c', 'd', 'e'].map((id) => key(id));
    const now = [key('n'), key('a'), key('b'), key('c', 2), key('e')];
    const { order, send } = deltaOrder(held, now);
    expect(order).toEqual(['n', [0, 2], 'c', [4, 1]]);
    expect(send).toEqual([0, 3]);

    const list = applyListDelta(
      ['a', 'b', 'c', 'd', 'e'].map((id) => video(id)),
      { order, changed: [video('n'), video('c', 2)] },
    );
    expect(list).toEqual([video('n'), video('a'), video('b'), video('c', 2), video('e')]);
  });

  it('takes a reordered list as runs of the held one', () => {
    const held = ['a', 'b', 'c'].map((id) => key(id));
    const { order, send } = deltaOrder(held, [key('c'), key('a'), key('b')]);
    expect(order).toEqual([
      [2, 1],
      [0, 2],
    ]);
    expect(send).toEqual([]);
  });

  it('refuses a delta that does not fit what is held', () => {
    const held = [video('a'), video('b')];
    expect(applyListDelta(held, { order: [[1, 2]], changed: [] })).toBeUndefined();
    expect(applyListDelta(held, { order: [[-1, 1]], changed: [] })).toBeUndefined();
    expect(applyListDelta(held, { order: [[0, 0]], changed: [] })).toBeUndefined();
    expect(applyListDelta(held, { order: ['x'], changed: [] })).toBeUndefined();
    expect(applyListDelta(held, { order: [[0.5, 1]], changed: [] })).toBeUndefined();
    expect(applyListDelta(held, { order: [], changed: [{ name: 'no id' }] })).toBeUndefined();
    expect(applyListDelta(held, [video('a')])).toBeUndefined();
    expect(applyListDelta(held, null)).toBeUndefined();
    expect(applyListDelta(held, { order: [[0, 2]], changed: [] })).toEqual(held);
  });
});
