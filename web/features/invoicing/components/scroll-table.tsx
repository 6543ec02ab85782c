import { Box, Table, Text, type TableProps } from '@mantine/core';
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

/** A column heading: its text, or its text with its alignment or class. */
export type Column = string | { label: ReactNode; ta?: 'right'; className?: string };

/** The heading of a column of buttons, in the table's small bold type. */
export const buttonsColumn = (label: string): Column => ({
  label: (
    <Text span size="sm" fw={700}>
      {label}
    </Text>
  ),
});

/**
 * A small-type table named by `label`, scrolling sideways below `minWidth` (ScrollTable): one
 * heading row of `columns` over the body rows given as children. Other props go to the table.
 */
export function DataTable({
  label,
  minWidth,
  columns,
  children,
  ...table
}: Omit<TableProps, 'children'> & {
  label: string;
  minWidth: CSSProperties['minWidth'];
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <ScrollTable minWidth={minWidth} label={`${label} (scrolls sideways)`}>
      <Table fz="sm" {...table} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => {
              const { label: heading, ...th } =
                typeof column === 'string' ? { label: column } : column;
              return (
                <Table.Th key={i} scope="col" {...th}>
                  {heading}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
