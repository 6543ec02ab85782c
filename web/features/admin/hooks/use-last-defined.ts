import { useState } from 'react';

/**
 * The latest non-null value: a dialog keeps showing its user while it animates closed after the
 * parent has already let go of that user.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
