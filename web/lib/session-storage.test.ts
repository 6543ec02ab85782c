import { afterEach, describe, expect, it } from 'vitest';
import { readStoredUser, USER_STORAGE_KEY } from './session-storage';

const user = {
  id: 'u1',
  username: 'clara',
  name: 'Clara',
  role: 'client',
  isAdmin: 'false',
  isVip: false,
};

afterEach(() => localStorage.clear());

describe('the stored user', () => {
  it('reads a user with its avatar URL', () => {
    const stored = { ...user, avatarUrl: '/api/users/u1/avatar?v=abc' };
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(stored));
    expect(readStoredUser()).toEqual(stored);
  });

  it('keeps a user stored before avatars became URLs signed in, without the image (issue 15)', () => {
    const older = { ...user, avatar: `data:image/png;base64,${'A'.repeat(100)}` };
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(older));
    expect(readStoredUser()).toEqual({ ...user, avatarUrl: null });
  });
});
