import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '@domain/notifications';
import { renderWithProviders } from '../../../test/render';
import { notificationCountQueryOptions } from '../../../api/notifications';
import { isVideoQuery } from '../../../api/videos';
import { bellLabel, NotificationBadge } from './notification-badge';
import { NotificationList } from './notification-list';
import { DAY_MS } from '@domain/day-counter';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

const notice = (over: Partial<NotificationView>): NotificationView => ({
  id: 'n1',
  recipientId: 'u1',
  type: 'comment',
  title: 'New comment',
  message: 'Anna commented on "Spring promo"',
  videoId: 'v1',
  commentId: 'c1',
  isRead: false,
  priority: 'normal',
  createdAt: now.toISOString(),
  ...over,
});

describe('NotificationBadge', () => {
  it('shows the count, 99+ above 99 and nothing at zero', () => {
    const { rerender } = renderWithProviders(<NotificationBadge count={7} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('7');
    rerender(<NotificationBadge count={99} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('99');
    rerender(<NotificationBadge count={100} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
    rerender(<NotificationBadge count={0} />);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('gives the bell a name that carries the count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, 99+ unread');
  });
});

describe('NotificationList', () => {
  it('shows relative times: Just now, Nm, Nh, Nd ago, and recently on a bad date', () => {
    const list = [
      notice({ id: 'a', createdAt: ago(30_000) }),
      notice({ id: 'b', createdAt: ago(5 * 60_000) }),
      notice({ id: 'c', createdAt: ago(3 * 3_600_000) }),
      notice({ id: 'd', createdAt: ago(2 * DAY_MS) }),
      notice({ id: 'e', createdAt: 'not a date' }),
    ];
    renderWithProviders(<NotificationList notifications={list} now={now} onOpen={() => {}} />);
    const times = [...document.querySelectorAll('time')].map((t) => t.textContent);
    expect(times).toEqual(['Just now', '5m ago', '3h ago', '2d ago', 'recently']);
  });

  it('marks unread ones for screen readers and opens one by click or keyboard', async () => {
    const onOpen = vi.fn();
    const list = [notice({ id: 'a' }), notice({ id: 'b', isRead: true, title: 'Old news' })];
    renderWithProviders(<NotificationList notifications={list} now={now} onOpen={onOpen} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]!.textContent).toContain('Unread: New comment');
    expect(buttons[1]!.textContent).not.toContain('Unread');
    const user = userEvent.setup();
    await user.click(buttons[0]!);
    expect(onOpen).toHaveBeenLastCalledWith(list[0]);
    // Arrow keys move between items; Enter opens the focused one.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(list[1]);
  });
});

describe('the queries behind the bell', () => {
  it('polls the count every 120000 ms', () => {
    expect(notificationCountQueryOptions().refetchInterval).toBe(120_000);
  });

  it('refreshes the video queries of every dashboard after a notification', () => {
    expect(isVideoQuery(['/api/videos'])).toBe(true);
    expect(isVideoQuery(['/api/videos', { limit: 50, status: 'review' }])).toBe(true);
    expect(isVideoQuery(['/api/lead/summary', { clientId: 'c1' }])).toBe(true);
    expect(isVideoQuery(['/api/king', 'users', 'u1', 'videos'])).toBe(true);
    expect(isVideoQuery(['/api/admin/videos'])).toBe(true);
    expect(isVideoQuery(['/api/users'])).toBe(false);
    expect(isVideoQuery(['/api/auth/me'])).toBe(false);
  });
});
