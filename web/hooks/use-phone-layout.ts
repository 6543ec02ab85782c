import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's sm breakpoint (48em), where `hiddenFrom="sm"` parts show: a phone. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is a phone's, known from the first render (so a desktop never draws the
 * phone layout for a frame).
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
