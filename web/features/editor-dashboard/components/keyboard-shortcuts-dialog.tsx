import { Kbd, Table } from '@mantine/core';
import { SHORTCUT_HELP } from '@domain/editor-shortcuts';
import { CenteredModal } from '../../../components/guarded-modal';

/** The keyboard shortcuts help dialog (descriptions only, docs/product.md#screens). */
export function KeyboardShortcutsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <CenteredModal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>What it does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUT_HELP.map((h) => (
            <Table.Tr key={h.keys}>
              <Table.Td>
                <Kbd>{h.keys}</Kbd>
              </Table.Td>
              <Table.Td>{h.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CenteredModal>
  );
}
