import { notifications } from '@mantine/notifications';

/** Toasts. Only one is visible at a time (the Notifications limit in the app provider). */
export function notifySuccess(title: string, message?: string): void {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color: 'teal' });
}

/** A destructive toast with the server's message or a default (docs/product.md#errors). */
export function notifyError(title: string, message: string): void {
  notifications.clean();
  notifications.show({ title, message, color: 'red' });
}
