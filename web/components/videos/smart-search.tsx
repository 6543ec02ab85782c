import { Badge, Box, Group, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import {
  searchSuggestions,
  SUGGESTIONS_HIDE_DELAY_MS,
  type SearchSuggestion,
  type SmartSuggestion,
} from '@domain/search-suggestions';
import { IconSearch } from './video-icons';

export interface SmartSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Names of the listed videos, for 'video' suggestions. */
  videoNames: readonly string[];
  recentSearches: readonly string[];
  /** A search the user settled on (Enter, a picked suggestion, leaving the box). */
  onCommit?: (query: string) => void;
  /** A built-in smart suggestion was picked: it sets filters rather than text. */
  onSmartPick?: (suggestion: SmartSuggestion) => void;
  /** A suggested video was picked (after its name became the search text). */
  onVideoPick?: (name: string) => void;
  placeholder?: string;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const KIND_LABEL = { recent: 'Recent', video: 'Video', smart: 'Smart' } as const;

/**
 * The smart search box (docs/product.md#screens and #constants-and-limits): suggestions appear only while it has focus
 * (recent searches when empty; matching names and recent searches while typing; the three
 * smart suggestions), at most 8, and disappear 150 ms after it loses focus. Arrow keys move,
 * Enter picks, Escape closes.
 */
export function SmartSearch({
  value,
  onChange,
  videoNames,
  recentSearches,
  onCommit,
  onSmartPick,
  onVideoPick,
  placeholder = 'Search videos...',
  label = 'Search videos',
  inputRef,
}: SmartSearchProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const suggestions = useMemo(
    () => searchSuggestions({ query: value, videoNames, recentSearches }),
    [value, videoNames, recentSearches],
  );
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const pick = (s: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    if (s.kind === 'smart') {
      onChange('');
      onSmartPick?.(s);
      return;
    }
    onChange(s.text);
    onCommit?.(s.text);
    if (s.kind === 'video') onVideoPick?.(s.text);
  };

  const showing = open && suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <Box pos="relative" style={{ flex: '2 1 240px', minWidth: 200 }}>
      <TextInput
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          // Later, not now: a click on a suggestion must still land.
          hideTimer.current = setTimeout(() => setOpen(false), SUGGESTIONS_HIDE_DELAY_MS);
          if (value.trim()) onCommit?.(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp' && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const s = showing && active >= 0 ? suggestions[active] : undefined;
            if (s) pick(s);
            else {
              setOpen(false);
              if (value.trim()) onCommit?.(value);
            }
          } else if (e.key === 'Escape' && showing) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {showing && (
        <Paper
          shadow="md"
          withBorder
          pos="absolute"
          top="calc(100% + 4px)"
          left={0}
          right={0}
          p={4}
          style={{ zIndex: 20 }}
        >
          <Box
            component="ul"
            role="listbox"
            id={listId}
            aria-label="Search suggestions"
            m={0}
            p={0}
          >
            {suggestions.map((s, i) => (
              <Box component="li" key={`${s.kind}-${s.text}`} style={{ listStyle: 'none' }}>
                <UnstyledButton
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  w="100%"
                  px="sm"
                  py={6}
                  bg={i === active ? 'violet.0' : undefined}
                  style={{ borderRadius: 6 }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(s)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {s.text}
                    </Text>
                    <Badge size="xs" variant="light" color="gray" c="dark.5">
                      {KIND_LABEL[s.kind]}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </Box>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
