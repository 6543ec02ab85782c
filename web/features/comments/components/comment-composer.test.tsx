import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MENTION_MESSAGES } from '@domain/mentions';
import { PlayerHandle } from '../../../lib/player-handle';
import { CommentComposer, TIME_MESSAGE, type MentionPerson } from './comment-composer';

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

describe('a mention of nobody (issue 37)', () => {
  it('is hinted while typed and after, and not before the people are known', async () => {
    const { field, user } = setup();
    await user.type(field, 'ask @an');
    expect(screen.queryByText(/can be mentioned here/)).toBeNull();
    await user.type(field, 'zz');
    expect(screen.getByText(MENTION_MESSAGES.nobody('anzz'))).toBeTruthy();
    await user.type(field, ' and @bob.');
    expect(screen.getByText(MENTION_MESSAGES.nobody('anzz'))).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'ask @bob please');
    expect(screen.queryByText(/can be mentioned here/)).toBeNull();
  });

  it('waits for the list of people before saying anyone is unknown', async () => {
    renderWithProviders(<CommentComposer people={[]} knowsPeople={false} onSubmit={vi.fn()} />);
    await userEvent.setup().type(screen.getByLabelText('Add a comment'), 'ask @sa');
    expect(screen.queryByText(/can be mentioned here/)).toBeNull();
  });
});

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
    expect(onSubmit).toHaveBeenCalledWith({ content: 'Looks good' });
    expect(field.value).toBe('');
  });

  it('keeps the text when the post fails', async () => {
    const { field, user } = setup(vi.fn(async () => false));
    await user.type(field, 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(field.value).toBe('Keep me');
  });
});

describe('comment at a moment of the video', () => {
  function withPlayer(player: PlayerHandle, onSubmit = vi.fn(async () => true)) {
    renderWithProviders(<CommentComposer people={people} onSubmit={onSubmit} player={player} />);
    const field = screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
    return { field, onSubmit, user: userEvent.setup() };
  }

  it("takes the player's time as SMPTE timecode, editable, and sends it beside the text", async () => {
    const player = new PlayerHandle(true);
    const { field, onSubmit, user } = withPlayer(player);
    // SMPTE timecode of the frame on screen, at 30 fps by default (issue 43).
    expect(screen.getByRole('button', { name: 'Comment at 00:00:00:00' })).toBeTruthy();
    act(() => player.report(83.6));
    await user.click(screen.getByRole('button', { name: 'Comment at 00:01:23:18' }));
    const time = screen.getByRole('textbox', { name: /Comment at/ }) as HTMLInputElement;
    expect(time.value).toBe('00:01:23:18');
    // The time field has the focus, ready to be corrected.
    expect(document.activeElement).toBe(time);
    await user.type(field, 'Cut here');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    // The time goes beside the words, not into them.
    expect(onSubmit).toHaveBeenCalledWith({ content: 'Cut here', time: '00:01:23:18' });
    // Posted: the time is gone until asked for again.
    expect(screen.queryByRole('textbox', { name: /Comment at/ })).toBeNull();
  });

  it('refuses a time that is not one and takes frames', async () => {
    const { field, onSubmit, user } = withPlayer(new PlayerHandle(true));
    await user.click(screen.getByRole('button', { name: 'Comment at 00:00:00:00' }));
    const time = screen.getByRole('textbox', { name: /Comment at/ });
    await user.clear(time);
    await user.type(time, '1:75');
    await user.type(field, 'Cut here');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(TIME_MESSAGE)).toBeTruthy();
    await user.clear(time);
    await user.type(time, '1:23.5');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onSubmit).toHaveBeenCalledWith({ content: 'Cut here', time: '1:23.5' });
  });

  it('counts at the version\'s rate: drop-frame shows ";" and refuses a label it skips', async () => {
    const player = new PlayerHandle(true);
    const onSubmit = vi.fn(async () => true);
    renderWithProviders(
      <CommentComposer people={people} onSubmit={onSubmit} player={player} frameRate="29.97df" />,
    );
    const user = userEvent.setup();
    act(() => player.report(60.06));
    await user.click(screen.getByRole('button', { name: 'Comment at 00:01:00;02' }));
    const time = screen.getByRole('textbox', { name: /Comment at/ });
    await user.clear(time);
    await user.type(time, '00:01:00;00');
    await user.type(screen.getByLabelText('Add a comment'), 'Flash');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(TIME_MESSAGE)).toBeTruthy();
    await user.clear(time);
    await user.type(time, '00:01:00;02');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onSubmit).toHaveBeenCalledWith({ content: 'Flash', time: '00:01:00;02' });
  });

  it('asks for the time when the player cannot tell it (Drive, Loom)', async () => {
    const { user } = withPlayer(new PlayerHandle(false));
    await user.click(screen.getByRole('button', { name: 'Comment at a time' }));
    expect((screen.getByRole('textbox', { name: /Comment at/ }) as HTMLInputElement).value).toBe(
      '',
    );
  });
});
