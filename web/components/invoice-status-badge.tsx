import { Badge, type BadgeProps } from '@mantine/core';
import type { InvoiceStatus } from '@domain/invoices';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '@domain/money-labels';
import { badgeTextColor } from './videos/status-badge';

/**
 * An issued invoice's status (the king's lists, the invoice itself, the client's list), its text
 * dark enough for 4.5:1 contrast on the light badge (axe), as the video status badges do.
 */
export function InvoiceStatusBadge({
  status,
  ...props
}: { status: InvoiceStatus } & Omit<BadgeProps, 'color' | 'c' | 'variant'>) {
  const color = INVOICE_STATUS_COLORS[status];
  return (
    <Badge size="sm" variant="light" color={color} c={badgeTextColor(color)} {...props}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
