import { Anchor, Group } from '@mantine/core';
import type { MouseEventHandler } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from './icons';

/**
 * 'Back to home' (or another label) with an arrow; the arrow is not part of the name. An
 * `onClick` may hold the way out (a page with unsaved changes asks first).
 */
export function BackLink({
  to = '/',
  label = 'Back to home',
  onClick,
}: {
  to?: string;
  label?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} onClick={onClick}>
      <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
        <IconArrowLeft size={16} />
        {label}
      </Group>
    </Anchor>
  );
}
