import { useState } from 'react';

/**
 * Checkbox selection over the rows a list shows (the managed-user page's bulk delete, the
 * invoicing page's payment actions). Only the shown rows count: a row filtered out is not
 * chosen, and select-all picks exactly the rows shown, or clears when they all are.
 */
export function useSelection<T>(shown: readonly T[], idOf: (row: T) => string) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const chosen = shown.filter((row) => picked.has(idOf(row)));
  const allChosen = shown.length > 0 && chosen.length === shown.length;
  return {
    /** The shown rows that are picked, in the list's order. */
    chosen,
    allChosen,
    /** Some but not all shown rows are picked: the select-all box is indeterminate. */
    someChosen: chosen.length > 0 && !allChosen,
    isChosen: (id: string) => picked.has(id),
    toggle: (id: string) =>
      setPicked((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setPicked(allChosen ? new Set() : new Set(shown.map(idOf))),
    clear: () => setPicked(new Set()),
  };
}
