import type { PublicUser } from '@domain/user';

/** A person as the answers carry them, for the web tests: id = username, no avatar, no flags. */
export const publicUser = (
  username: string,
  role: PublicUser['role'],
  name: string | null = null,
): PublicUser => ({
  id: username,
  username,
  name,
  role,
  avatarUrl: null,
  isAdmin: 'false',
  isVip: false,
});
