import { iconSet } from '../icons';

/** The 18 px line icons the signed-in screens share (videos, the header, admin, invoicing). */
const icon = iconSet(18);

export const IconAlert = icon(
  <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />,
  <path d="M12 9v4M12 17h.01" />,
);
export const IconChevronDown = icon(<path d="m6 9 6 6 6-6" />);
export const IconClock = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 7v5l3 2" />);
export const IconCloud = icon(
  <path d="M17.5 19H7a5 5 0 1 1 1-9.9A6 6 0 0 1 19.5 11 4 4 0 0 1 17.5 19z" />,
);
export const IconDownload = icon(
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />,
);
export const IconExternal = icon(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);
/** A drag handle's six dots. */
export const IconGrip = icon(
  <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" strokeWidth={3} />,
);
export const IconKeyboard = icon(
  <rect x="2" y="6" width="20" height="12" rx="2" />,
  <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />,
);
export const IconLink = icon(
  <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
  <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
);
export const IconPlay = icon(<circle cx="12" cy="12" r="9" />, <path d="m10 8 6 4-6 4z" />);
export const IconPlus = icon(<path d="M12 5v14M5 12h14" />);
export const IconRefresh = icon(<path d="M21 12a9 9 0 1 1-3-6.7L21 8" />, <path d="M21 3v5h-5" />);
export const IconSearch = icon(<circle cx="11" cy="11" r="7" />, <path d="m21 21-4.3-4.3" />);
export const IconStar = icon(
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
);
export const IconTrash = icon(<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />);
export const IconUser = icon(
  <circle cx="12" cy="8" r="4" />,
  <path d="M4 21v-1a7 7 0 0 1 16 0v1" />,
);
