import { useWidthQuery } from './use-width-query';

/**
 * Below Mantine's sm breakpoint (48em), where `hiddenFrom="sm"` parts show: a phone. Known from
 * the first render (so a desktop never draws the phone layout for a frame).
 */
export function usePhoneLayout(): boolean {
  return useWidthQuery('max', 47.99);
}
