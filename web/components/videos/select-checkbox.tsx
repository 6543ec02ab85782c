import { Checkbox } from '@mantine/core';

/**
 * A video's box for a bulk selection (issue 45), on a list's card and a board's card: a click
 * picks it, a shift-click (or shift+space) the range from the last one picked.
 */
export function SelectCheckbox({
  name,
  selected,
  onToggle,
  mt,
}: {
  name: string;
  selected: boolean;
  onToggle: (range: boolean) => void;
  mt?: number;
}) {
  return (
    <Checkbox
      mt={mt}
      checked={selected}
      aria-label={`Select ${name}`}
      onChange={() => {}}
      onClick={(e) => onToggle(e.shiftKey)}
      onKeyDown={(e) => {
        // Space toggles natively (onClick); shift+space picks the range.
        if (e.key === ' ' && e.shiftKey) {
          e.preventDefault();
          onToggle(true);
        }
      }}
    />
  );
}
