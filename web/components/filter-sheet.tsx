import { Badge, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

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
        title="Filters"
        styles={{
          // As tall as the filters, at most most of the screen.
          content: {
            flex: '0 0 auto',
            height: 'auto',
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
