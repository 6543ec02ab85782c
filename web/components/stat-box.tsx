import { Card, Text } from '@mantine/core';

/** A small labelled number (the team tab's and the assignments card's statistics). */
export function StatBox({
  label,
  value,
  detail,
  valueSize = 24,
}: {
  label: string;
  value: string | number;
  /** A dimmed line under the number. */
  detail?: string;
  valueSize?: number;
}) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={valueSize} fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}
