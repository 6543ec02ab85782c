import { Icon as BaseIcon, type IconProps } from '../../../components/icons';

/** Line icons of the invoicing page (24x24, stroke), so no icon library ships. */
const Icon = (p: IconProps) => <BaseIcon size={18} {...p} />;

export const IconPencil = (p: IconProps) => (
  <Icon {...p}>
    <path d="M17 3a2.85 2.85 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
  </Icon>
);
export const IconCheck = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);
export const IconX = (p: IconProps) => (
  <Icon {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);
export const IconChevron = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const IconDownload = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  </Icon>
);
export const IconPlay = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 3 14 9-14 9V3z" />
  </Icon>
);
export const IconPrinter = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
    <rect x="6" y="14" width="12" height="8" />
  </Icon>
);
export const IconSort = (p: IconProps & { sorted?: 'asc' | 'desc' | null }) => {
  const { sorted: direction, ...rest } = p;
  return (
    <Icon {...rest}>
      {direction !== 'desc' && <path d="m7 9 5-5 5 5" opacity={direction ? 1 : 0.4} />}
      {direction !== 'asc' && <path d="m7 15 5 5 5-5" opacity={direction ? 1 : 0.4} />}
    </Icon>
  );
};
export const IconTrash = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </Icon>
);
