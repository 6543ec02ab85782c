import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A form without the browser's own checks (the schema's messages show), its fields in a column. */
export function FormStack({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/**
 * A form's submit button, disabled while the call runs and then saying so: across the card on
 * the sign-in screens (`wide`), at the end of the row elsewhere.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  wide = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  wide?: boolean;
}) {
  const button = (
    <Button type="submit" fullWidth={wide} size={wide ? 'md' : undefined} disabled={pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
  return wide ? button : <Group justify="flex-end">{button}</Group>;
}
