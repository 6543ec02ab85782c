import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CommentComposer, type MentionPerson } from './comment-composer';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to: an inert stand-in.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const people: MentionPerson[] = [
  { id: '1', username: 'anna', name: 'Anna Lee' },
  { id: '2', username: 'andrew', name: 'Andrew Ng' },
  { id: '3', username: 'ann-marie', name: null },
  { id: '4', username: 'anders', name: 'Anders' },
  { id: '5', username: 'anya', name: 'Anya' },
  { id: '6', username: 'antoine', name: 'Antoine' },
  { id: '7', username: 'bob', name: 'Bob' },
];

function setup(onSubmit = vi.fn(async () => true)) {
  renderWithProviders(<CommentComposer people={people} onSubmit={onSubmit} />);
  const field = screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
  return { field, onSubmit, user: userEvent.setup() };
}

const options = () => screen.queryAllByRole('option');
const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true');

describe('mention suggestions', () => {
  it('open for @ at a word start plus a character, at most five', async () => {
    const { field, user } = setup();
    await user.type(field, 'hi @');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(field, 'a');
    expect(options()).toHaveLength(5);
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    // Not inside a word (an e-mail address).
    await user.clear(field);
    await user.type(field, 'mail me@a');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('cycle with the arrow keys and insert the pick with Enter', async () => {
    const { field, user, onSubmit } = setup();
    await user.type(field, 'ping @an');
    expect(selected()?.textContent).toContain('Anna Lee');
    await user.keyboard('{ArrowDown}');
    expect(selected()?.textContent).toContain('Andrew Ng');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // From the first, up wraps to the last of the five.
    expect(selected()).toBe(options()[4]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()?.textContent).toContain('Andrew Ng');
    await user.keyboard('{Enter}');
    expect(field.value).toBe('ping @andrew ');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter picked; it did not post.
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the caret where typing left it after a pick (a fast typist)', async () => {
    const { field, user } = setup();
    await user.type(field, 'ping @an');
    // The next key lands before the following frame: the pick must not move the caret back then.
    await user.keyboard('{Enter}a');
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    await user.keyboard('b');
    expect(field.value).toBe('ping @anna ab');
  });

  it('close with Escape without the Escape reaching the dialog around', async () => {
    const { field, user } = setup();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    await user.type(field, '@bo');
    expect(options()).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(outer).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
    // Typing on opens them again.
    await user.type(field, 'b');
    expect(options()).toHaveLength(1);
    document.removeEventListener('keydown', outer);
  });

  it('can be picked with the mouse', async () => {
    const { field, user } = setup();
    await user.type(field, 'thanks @bo');
    await user.click(screen.getByRole('option', { name: /Bob/ }));
    expect(field.value).toBe('thanks @bob ');
  });
});

describe('posting', () => {
  it('trims the text, refuses an empty one, and empties the field once posted', async () => {
    const { field, user, onSubmit } = setup();
    const post = screen.getByRole('button', { name: 'Post comment' });
    await user.type(field, '   ');
    expect((post as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Comment cannot be empty')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field, '  Looks good  ');
    await user.click(post);
    expect(onSubmit).toHaveBeenCalledWith('Looks good');
    expect(field.value).toBe('');
  });

  it('keeps the text when the post fails', async () => {
    const { field, user } = setup(vi.fn(async () => false));
    await user.type(field, 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(field.value).toBe('Keep me');
  });
});
