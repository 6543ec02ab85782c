import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { BUILT_IN_PRESETS, type Preset } from '@domain/preferences';
import { canAddFavoriteType } from '@domain/search-suggestions';
import { isStatusFilter, VIDEO_SORTS, type StatusFilter, type VideoSort } from '@domain/video-list';
import { typeLabel } from '@domain/video-type-labels';
import { usePreferences } from '../../hooks/use-preferences';
import { useOpenedOnce } from '../lazy-dialog';
import { IconStar } from './video-icons';
import { VideoViewSwitch } from './video-view-switch';

export interface ListView {
  filter: StatusFilter;
  typeFilter: string;
  sortBy: string;
}

/** A switch of one on/off preference, saved as it flips. */
function PreferenceSwitch({ name, label }: { name: 'autoRefresh' | 'compactView'; label: string }) {
  const prefs = usePreferences();
  return (
    <Switch
      size="sm"
      label={label}
      checked={prefs.preferences[name]}
      onChange={(e) => {
        const checked = e.currentTarget.checked;
        prefs.update(() => ({ [name]: checked }));
      }}
    />
  );
}

/**
 * The list's remembered views (docs/product.md#data 'Local preferences'): the four built-in
 * presets and the user's own, favourite types (at most 5) as quick filters, list or board, and
 * the auto refresh and compact view switches. Everything is stored per user in this browser.
 */
export function ListPreferencesBar({
  view,
  onApply,
}: {
  view: ListView;
  onApply: (view: ListView) => void;
}) {
  const prefs = usePreferences();
  const { favoriteTypes, customPresets } = prefs.preferences;
  const [saving, setSaving] = useState(false);
  const savingMounted = useOpenedOnce(saving);
  const [name, setName] = useState('');
  const type = view.typeFilter;
  const isFavorite = favoriteTypes.includes(type);
  const full = !canAddFavoriteType(favoriteTypes);

  const apply = (p: Preset) =>
    onApply({ filter: p.filter, typeFilter: p.typeFilter, sortBy: p.sortBy });

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    prefs.savePreset({
      id: `custom-${Date.now().toString(36)}`,
      name: trimmed,
      filter: isStatusFilter(view.filter) ? view.filter : 'all',
      typeFilter: view.typeFilter,
      sortBy: (VIDEO_SORTS as readonly string[]).includes(view.sortBy)
        ? (view.sortBy as VideoSort)
        : 'ordinal',
      icon: 'star',
    });
    setName('');
    setSaving(false);
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Menu position="bottom-start" shadow="md" width={240}>
        <Menu.Target>
          <Button variant="default" size="xs">
            Presets
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Built-in</Menu.Label>
          {BUILT_IN_PRESETS.map((p) => (
            <Menu.Item key={p.id} onClick={() => apply(p)}>
              {p.name}
            </Menu.Item>
          ))}
          {customPresets.length > 0 && <Menu.Label>Yours</Menu.Label>}
          {customPresets.map((p) => (
            <Menu.Item key={p.id} onClick={() => apply(p)}>
              {p.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setSaving(true)}>Save current view...</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Tooltip
        label={
          type === 'all'
            ? 'Pick a type to star it'
            : isFavorite
              ? 'Remove from favourite types'
              : full
                ? 'At most 5 favourite types'
                : 'Add to favourite types'
        }
      >
        <ActionIcon
          variant={isFavorite ? 'filled' : 'default'}
          color="yellow"
          c={isFavorite ? 'dark.8' : undefined}
          size="md"
          aria-label={
            isFavorite
              ? `Remove ${typeLabel(type)} from favourite types`
              : `Add ${type === 'all' ? 'this type' : typeLabel(type)} to favourite types`
          }
          aria-pressed={isFavorite}
          disabled={type === 'all' || (!isFavorite && full)}
          onClick={() => prefs.toggleFavoriteType(type)}
        >
          <IconStar size={16} />
        </ActionIcon>
      </Tooltip>
      {favoriteTypes.map((t) => (
        <Button
          key={t}
          size="compact-xs"
          radius="xl"
          variant={t === type ? 'filled' : 'default'}
          aria-pressed={t === type}
          onClick={() => onApply({ ...view, typeFilter: t === type ? 'all' : t })}
        >
          {typeLabel(t)}
        </Button>
      ))}
      <Group gap="xs" ml="auto">
        <VideoViewSwitch />
      </Group>
      <PreferenceSwitch name="autoRefresh" label="Auto refresh" />
      <PreferenceSwitch name="compactView" label="Compact view" />
      {savingMounted && (
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={saving}
          onClose={() => setSaving(false)}
          title="Save current view"
          centered
        >
          <Stack gap="sm">
            <TextInput
              label="Preset name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              data-autofocus
              onKeyDown={(e) => {
                if (e.key === 'Enter') save();
              }}
            />
            {customPresets.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Your presets
                </Text>
                {customPresets.map((p) => (
                  <Group key={p.id} justify="space-between">
                    <Text size="sm">{p.name}</Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => prefs.removePreset(p.id)}
                      aria-label={`Remove preset ${p.name}`}
                    >
                      Remove
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaving(false)}>
                Cancel
              </Button>
              <Button onClick={save} disabled={!name.trim()}>
                Save preset
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Group>
  );
}
