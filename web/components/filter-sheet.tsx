import { Badge, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Below Mantine's sm breakpoint (48em), where `hiddenFrom="sm"` parts show: a phone. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is a phone's, known from the first render (so a desktop never draws the
 * phone layout for a frame).
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
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
      <Drawer
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened}
        onClose={sheet.close}
        position="bottom"
        size="auto"
        title="Filters"
        styles={{
          content: {
            maxHeight: '85dvh',
            borderTopLeftRadius: 'var(--mantine-radius-lg)',
            borderTopRightRadius: 'var(--mantine-radius-lg)',
          },
        }}
      >
        <Stack gap="md" pb="md">
          {children}
          <Button fullWidth onClick={sheet.close}>
            Done
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
