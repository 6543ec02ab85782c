import { iconSet } from '../../../components/icons';

// The calendar's line icons (18 px): the shared ones, then its own, by name.
export { IconArrowLeft, IconCalendar } from '../../../components/icons';

const icon = iconSet(18);

/** Six dots: the card can be dragged. */
export const IconGrip = icon(
  <circle cx="9" cy="6" r="1" />,
  <circle cx="15" cy="6" r="1" />,
  <circle cx="9" cy="12" r="1" />,
  <circle cx="15" cy="12" r="1" />,
  <circle cx="9" cy="18" r="1" />,
  <circle cx="15" cy="18" r="1" />,
);
