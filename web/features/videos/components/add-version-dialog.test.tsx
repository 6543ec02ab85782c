import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommentView } from '@domain/comments';
import { LINK_MESSAGES } from '@domain/links';
import { FRAME_RATE_LABELS, FRAME_RATES } from '@domain/timecode';
import type { AddVersionBody, VersionView } from '@domain/versions';
import { renderWithProviders } from '../../../test/render';
import { AddVersionDialog } from './add-version-dialog';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to: an inert stand-in.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const note = (id: string, name: string, content: string): CommentView => ({
  id,
  content,
  createdAt: '2026-12-01T10:00:00.000Z',
  userId: `u-${id}`,
  videoId: 'v',
  author: { id: `u-${id}`, name, username: name.toLowerCase(), avatarUrl: null, role: 'client' },
  guestName: null,
  version: 1,
  doneAt: null,
  doneBy: null,
  carriedFrom: null,
  frame: null,
  timecode: null,
  drawing: null,
  parentId: null,
});

function open(add: (body: AddVersionBody) => Promise<VersionView>) {
  renderWithProviders(
    <AddVersionDialog
      opened
      onClose={() => {}}
      next={2}
      previous={1}
      openNotes={[
        note('a', 'Olivia', 'Logo too small at 0:03'),
        note('b', 'Omar', 'Music too loud'),
        note('c', 'Ida', 'Cut the last shot'),
      ]}
      pending={false}
      add={add}
    />,
  );
  return screen.getByRole('dialog', { name: 'Add v2' });
}

const added = (number: number): VersionView => ({
  id: 'x',
  number,
  link: 'https://cdn.example.com/v2.mp4',
  note: '',
  addedBy: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  openNotes: 0,
  frameRate: '30',
});

// Typing into a Mantine dialog in jsdom takes seconds on a loaded machine.
describe('Add version (issue 41)', { timeout: 20_000 }, () => {
  it("lists the previous version's open notes and sends each one's choice", async () => {
    const add = vi.fn(async () => added(2));
    const dialog = open(add);
    const user = userEvent.setup({ delay: null });
    expect(within(dialog).getByText('Open notes on v1')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/Link to the new cut/));
    await user.paste('https://cdn.example.com/v2.mp4');
    await user.click(within(dialog).getByLabelText(/What changed/));
    await user.paste('Smaller logo');
    // Olivia's is carried (the default), Omar's closed, Ida's left on v1.
    const omar = within(dialog).getByRole('group', { name: 'Note by Omar' });
    await user.click(within(omar).getByText('Close'));
    const ida = within(dialog).getByRole('group', { name: 'Note by Ida' });
    await user.click(within(ida).getByText('Leave'));
    await user.click(within(dialog).getByRole('button', { name: 'Add v2' }));
    expect(add).toHaveBeenCalledWith({
      link: 'https://cdn.example.com/v2.mp4',
      note: 'Smaller logo',
      carry: ['a'],
      close: ['b'],
    });
  });

  it("starts on the agency's default and sends the frame rate picked (issue 43)", async () => {
    const add = vi.fn(async () => added(2));
    const dialog = open(add);
    const user = userEvent.setup({ delay: null });
    const rate = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /Frame rate/ });
    expect(rate.value).toBe('');
    expect([...rate.options].map((o) => o.textContent)).toEqual([
      "The agency's default",
      ...FRAME_RATES.map((r) => FRAME_RATE_LABELS[r]),
    ]);
    await user.click(within(dialog).getByLabelText(/Link to the new cut/));
    await user.paste('https://cdn.example.com/v2.mp4');
    await user.selectOptions(rate, '25 fps');
    await user.click(within(dialog).getByRole('button', { name: 'Add v2' }));
    expect(add).toHaveBeenCalledWith(
      expect.objectContaining({ link: 'https://cdn.example.com/v2.mp4', frameRate: '25' }),
    );
  });

  it('refuses a link that is not http(s), before any call', async () => {
    const add = vi.fn(async () => added(2));
    const dialog = open(add);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByLabelText(/Link to the new cut/));
    await user.paste('ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Add v2' }));
    expect(add).not.toHaveBeenCalled();
    expect(within(dialog).getByText(LINK_MESSAGES.openInvalid)).toBeTruthy();
  });
});
