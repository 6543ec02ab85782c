import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './clock';
import { DrawnAt, leaveDrawnPage } from './drawn-page';

const renders: string[] = [];
function Now() {
  const at = useNow().toISOString();
  renders.push(at);
  return <output>{at}</output>;
}

const DRAWN = Date.parse('2026-12-07T07:00:00Z');
const LATER = Date.parse('2026-12-07T08:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow in a page the server drew', () => {
  // First: the drawn moment holds until leaveDrawnPage, which the next test calls.
  it('draws nothing again when the browser is still in the tick the page was drawn in', async () => {
    vi.useFakeTimers({ now: DRAWN + 5_000, toFake: ['Date'] });
    renders.length = 0;
    const page = render(
      <DrawnAt.Provider value={DRAWN + 1_000}>
        <Now />
      </DrawnAt.Provider>,
    );
    await act(async () => {});
    expect(renders).toEqual([new Date(DRAWN).toISOString()]);
    page.unmount();
    renders.length = 0;
  });

  it('starts from the drawn moment, then moves on to the browser time; after the user moves on, a new screen starts from the browser time', async () => {
    vi.useFakeTimers({ now: LATER, toFake: ['Date'] });
    const shown = () => screen.getByRole('status').textContent;
    const first = render(
      <DrawnAt.Provider value={DRAWN}>
        <Now />
      </DrawnAt.Provider>,
    );
    await act(async () => {});
    // The first render says what the server said; then the browser's time.
    expect(renders[0]).toBe(new Date(DRAWN).toISOString());
    expect(shown()).toBe(new Date(LATER).toISOString());
    first.unmount();

    leaveDrawnPage();
    renders.length = 0;
    render(
      <DrawnAt.Provider value={DRAWN}>
        <Now />
      </DrawnAt.Provider>,
    );
    await act(async () => {});
    // Never the hour-old drawn moment, not even for a first render.
    expect(renders).not.toContain(new Date(DRAWN).toISOString());
    expect(shown()).toBe(new Date(LATER).toISOString());
  });
});
