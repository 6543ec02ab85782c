import { useMediaQuery } from '@mantine/hooks';
import { useContext } from 'react';
import { DrawnWidth } from '../lib/drawn-width';

/**
 * Whether the screen is at least (`min`) or at most (`max`) `em` wide (Mantine's breakpoints
 * are in em of 16 px), known from the first render: measured in the browser, the drawn width in
 * a page the server drew (measured just after, so a wrong guess is put right once).
 */
export function useWidthQuery(bound: 'min' | 'max', em: number): boolean {
  const drawn = useContext(DrawnWidth);
  const drawnMatches = drawn !== null && (bound === 'min' ? drawn >= em * 16 : drawn <= em * 16);
  return useMediaQuery(`(${bound}-width: ${em}em)`, drawnMatches, {
    getInitialValueInEffect: drawn !== null,
  });
}
