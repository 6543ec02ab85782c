import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@domain/people';

/**
 * A person's avatar: their picture, else their initials (domain/people.ts), the same on every
 * screen: cards, rows, pickers, comments and the header.
 */
export function PersonAvatar({
  person,
  ...props
}: { person: { name: string | null; username: string; avatarUrl?: string | null } } & Omit<
  AvatarProps,
  'src' | 'alt' | 'name' | 'children'
>) {
  return (
    <Avatar src={person.avatarUrl || null} alt="" radius="xl" color="violet" {...props}>
      {initials(person)}
    </Avatar>
  );
}
