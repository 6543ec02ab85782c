import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('shows HTML as text and creates no element from it', () => {
    const payload = '<img src=x onerror=alert(1)>';
    const { container } = renderWithProviders(<RichText text={payload} />);
    expect(screen.getByText(payload)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('turns addresses into link chips that open in a new tab', () => {
    renderWithProviders(<RichText text="Brief at https://docs.example.com/brief, thanks" />);
    const link = screen.getByRole('link', { name: 'docs.example.com/brief' });
    expect(link.getAttribute('href')).toBe('https://docs.example.com/brief');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/, thanks/)).toBeTruthy();
  });

  it('turns video-site addresses into cards with the first 8 characters of the id', () => {
    renderWithProviders(<RichText text="https://www.youtube.com/watch?v=dQw4w9WgXcQ" />);
    const card = screen.getByRole('link', { name: /Click to watch video/ });
    expect(card.textContent).toContain('YouTube · dQw4w9Wg');
    expect(card.textContent).not.toContain('dQw4w9WgX');
    expect(card.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('shows mentions as badges, not links', () => {
    renderWithProviders(<RichText text="cc @anna.lee please" />);
    const badge = screen.getByText('@anna.lee');
    expect(badge.closest('a')).toBeNull();
    expect(badge.closest('.mantine-Badge-root')).not.toBeNull();
  });

  it('links timecodes to that second on YouTube and keeps them as text elsewhere', () => {
    renderWithProviders(
      <RichText text="Trim 1:23 and 01:02:03" videoLink="https://youtu.be/dQw4w9WgXcQ" />,
    );
    expect(screen.getByRole('link', { name: '1:23' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s',
    );
    expect(screen.getByRole('link', { name: '01:02:03' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3723s',
    );
  });

  it('makes timecodes buttons that seek the player when there is one', () => {
    const seeks: number[] = [];
    renderWithProviders(
      <RichText
        text="Trim 1:23, then 00:00:02:15"
        videoLink="https://youtu.be/dQw4w9WgXcQ"
        onSeek={(s) => seeks.push(s)}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    screen.getByRole('button', { name: 'Play from 1:23' }).click();
    screen.getByRole('button', { name: 'Play from 00:00:02:15' }).click();
    expect(seeks).toEqual([83, 2.5]);
  });

  it('keeps timecodes as text for a platform without start times', () => {
    renderWithProviders(<RichText text="Trim 1:23" videoLink="https://frame.io/abc" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('1:23')).toBeTruthy();
  });

  it('never links another scheme', () => {
    renderWithProviders(<RichText text="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
