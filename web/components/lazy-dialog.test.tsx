import { Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useOpenedOnce, usePreloadWhenIdle } from './lazy-dialog';

afterEach(() => {
  vi.useRealTimers();
});

function Asker({ load }: { load: () => Promise<unknown> }) {
  usePreloadWhenIdle(load);
  return null;
}

describe('usePreloadWhenIdle', () => {
  it("fetches a module once in idle time, however many of a screen's parts ask for it", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve('code'));
    render(
      <>
        {Array.from({ length: 12 }, (_, i) => (
          <Asker key={i} load={load} />
        ))}
      </>,
    );
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);
    // A part mounted later does not fetch it again.
    render(<Asker load={load} />);
    await act(() => vi.runAllTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('cancels the fetch when the last part that asked goes before it ran, not before', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve('code'));
    const first = render(<Asker load={load} />);
    const second = render(<Asker load={load} />);
    first.unmount();
    await act(() => vi.runAllTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);

    const other = vi.fn(() => Promise.resolve('code'));
    render(<Asker load={other} />).unmount();
    await act(() => vi.runAllTimersAsync());
    expect(other).not.toHaveBeenCalled();
    second.unmount();
  });
});

function Confirm() {
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      {mounted && (
        <Modal opened={opened} onClose={() => setOpened(false)} title="Sure?">
          <button type="button" onClick={() => setOpened(false)}>
            Cancel
          </button>
        </Modal>
      )}
      <output>{mounted ? 'mounted' : 'not mounted'}</output>
    </>
  );
}

describe('useOpenedOnce', () => {
  it('keeps a dialog out of the tree until it first opens, then in it for good', async () => {
    renderWithProviders(<Confirm />);
    expect(screen.getByRole('status').textContent).toBe('not mounted');
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('dialog', { name: 'Sure?' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(screen.getByRole('status').textContent).toBe('mounted');
  });
});
