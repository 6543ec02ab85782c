import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowLeft } from './icons';

/** 'Back to home' (or another label) with an arrow; the arrow is not part of the name. */
export function BackLink({ to = '/', label = 'Back to home' }: { to?: string; label?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
        <IconArrowLeft size={16} />
        {label}
      </Group>
    </Anchor>
  );
}
