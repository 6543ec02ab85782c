import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its card on narrow screens. The scroller takes keyboard
 * focus so arrow keys can scroll it (axe: scrollable-region-focusable).
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: CSSProperties['minWidth'];
  label: string;
  children: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto', WebkitOverflowScrolling: 'touch' }}
    >
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
