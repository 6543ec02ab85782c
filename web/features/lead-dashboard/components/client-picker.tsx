import { Badge, Button, Group, ScrollArea, Select, Text } from '@mantine/core';
import type { ClientWithCounts } from '@domain/assignments';
import { clientPicker } from '@domain/lead-dashboard';
import { VipBadge } from '../../../components/vip-badge';
import { PersonAvatar } from '../../../components/person-avatar';
import { displayName } from '@domain/people';

/**
 * The client picker strip (docs/product.md#screens): 'All clients', every VIP and the 3 non-VIP
 * clients with the most videos, and a dropdown of up to 20 more non-VIP clients.
 */
export function ClientPicker({
  clients,
  value,
  onChange,
  wrap = false,
}: {
  clients: ClientWithCounts[];
  value: string | null;
  onChange: (clientId: string | null) => void;
  /** Wrapped onto lines (in the phone's filter sheet) instead of one scrolling strip. */
  wrap?: boolean;
}) {
  const { strip, dropdown } = clientPicker(clients);
  const inDropdown = dropdown.some((c) => c.id === value);
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Group
        gap="xs"
        wrap={wrap ? 'wrap' : 'nowrap'}
        role="group"
        aria-label="Filter by client"
        py={4}
      >
        <Button
          size="sm"
          radius="xl"
          variant={value === null ? 'filled' : 'default'}
          aria-pressed={value === null}
          onClick={() => onChange(null)}
          style={{ flexShrink: 0 }}
        >
          All clients
        </Button>
        {strip.map((c) => (
          <Button
            key={c.id}
            size="sm"
            radius="xl"
            variant={value === c.id ? 'filled' : 'default'}
            aria-pressed={value === c.id}
            onClick={() => onChange(value === c.id ? null : c.id)}
            style={{ flexShrink: 0 }}
            leftSection={<PersonAvatar person={c} size={22} />}
            rightSection={
              <Group gap={4} wrap="nowrap">
                <Badge size="sm" variant="white" color="dark" c="dark.6">
                  {c.videoCount}
                </Badge>
                {c.isVip && <VipBadge />}
              </Group>
            }
          >
            <Text span size="sm" fw={500}>
              {displayName(c)}
            </Text>
          </Button>
        ))}
        {dropdown.length > 0 && (
          <Select
            size="sm"
            w={220}
            style={{ flexShrink: 0 }}
            aria-label="More clients"
            placeholder="More clients..."
            data={dropdown.map((c) => ({
              value: c.id,
              label: `${displayName(c)} (${c.videoCount})`,
            }))}
            value={inDropdown ? value : null}
            onChange={(id) => onChange(id)}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
    </ScrollArea>
  );
}
