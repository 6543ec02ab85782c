import { useMediaQuery } from '@mantine/hooks';
import { useContext } from 'react';
import { DrawnWidth } from '../lib/drawn-width';

/**
 * Whether the screen is at least `em` wide (Mantine's breakpoints are in em of 16 px), known
 * from the first render: measured in the browser, the drawn width in a page the server drew
 * (measured just after, so a wrong guess is put right once).
 */
export function useMinWidth(em: number): boolean {
  const drawn = useContext(DrawnWidth);
  return useMediaQuery(`(min-width: ${em}em)`, drawn !== null && drawn >= em * 16, {
    getInitialValueInEffect: drawn !== null,
  });
}
