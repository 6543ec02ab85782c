import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { InvoicingRow } from '@domain/invoicing';
import { typeLabel } from '@domain/video-type-labels';
import { formatDay, formatMoney } from '../lib/format';

const isWebLink = (link: string) => /^https?:\/\//i.test(link.trim());

/** Watch: the video's link (opened in a new tab), or 'No video available' when it has none. */
export function WatchVideoDialog({
  row,
  onClose,
}: {
  row: InvoicingRow | null;
  onClose: () => void;
}) {
  const link = row?.link.trim() ?? '';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={row !== null}
      onClose={onClose}
      title={row?.name ?? 'Video'}
      centered
    >
      {row && (
        <Stack gap="sm">
          {link && isWebLink(link) ? (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                The video opens on its host in a new tab.
              </Text>
              <Anchor
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                style={{ wordBreak: 'break-all' }}
              >
                {link}
              </Anchor>
            </Stack>
          ) : (
            <Stack gap={2} align="center" py="md">
              <Text fw={700}>No video available</Text>
              <Text c="dimmed" size="sm">
                This video hasn&apos;t been uploaded yet.
              </Text>
            </Stack>
          )}
          <Stack gap={2}>
            <Text size="sm">Client: {row.clientName || 'No client'}</Text>
            <Text size="sm">
              Editor:{' '}
              {row.assignedEditorId ? row.editorName || 'Unknown Editor' : 'No editor assigned'}
            </Text>
            <Text size="sm">Type: {typeLabel(row.type)}</Text>
            <Text size="sm">Finished: {formatDay(row.finishDate)}</Text>
            <Text size="sm">
              Amount: {formatMoney(row.paymentAmount)} ({row.paymentStatus})
            </Text>
          </Stack>
          <Group justify="flex-end">
            {link && isWebLink(link) && (
              <Button component="a" href={link} target="_blank" rel="noopener noreferrer">
                Open video
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
