import { Badge, Button, Drawer, Stack, type DrawerProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useOpenedOnce } from './lazy-dialog';

// From the bottom: as tall as what it holds, at most most of the screen, rounded on top.
const BOTTOM_SHEET_STYLES = {
  content: {
    flex: '0 0 auto',
    height: 'auto',
    maxHeight: '85dvh',
    borderTopLeftRadius: 'var(--mantine-radius-lg)',
    borderTopRightRadius: 'var(--mantine-radius-lg)',
  },
};

/**
 * A phone's sheet (hidden from the sm breakpoint up): the menu slides in from the right, the
 * filters rise from the bottom.
 */
export function PhoneSheet({
  side,
  ...drawer
}: Pick<DrawerProps, 'opened' | 'onClose' | 'title' | 'children'> & { side: 'right' | 'bottom' }) {
  // Mounted the first time it opens (lazy-dialog.tsx, useOpenedOnce).
  if (!useOpenedOnce(drawer.opened)) return null;
  return (
    <Drawer
      {...drawer}
      closeButtonProps={{ 'aria-label': 'Close' }}
      position={side}
      hiddenFrom="sm"
      {...(side === 'right' ? { size: '80%' } : { styles: BOTTOM_SHEET_STYLES })}
    />
  );
}

/**
 * The filters of a list on a phone: a 'Filters' button that says how many of them are on, and
 * a sheet from the bottom holding them. They apply as they change; Done closes the sheet.
 */
export function FilterSheet({ active, children }: { active: number; children: ReactNode }) {
  const [opened, sheet] = useDisclosure(false);
  return (
    <>
      <Button
        variant={active > 0 ? 'light' : 'default'}
        onClick={sheet.open}
        aria-haspopup="dialog"
        aria-label={active > 0 ? `Filters, ${active} active` : 'Filters'}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden="true">
              {active}
            </Badge>
          ) : undefined
        }
        style={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <PhoneSheet side="bottom" title="Filters" opened={opened} onClose={sheet.close}>
        <Stack gap="md" pb="md">
          {children}
          <Button fullWidth onClick={sheet.close}>
            Done
          </Button>
        </Stack>
      </PhoneSheet>
    </>
  );
}
