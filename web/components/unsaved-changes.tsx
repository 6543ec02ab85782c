import { useEffect, useState } from 'react';
import { ConfirmDialog } from './guarded-modal';

/**
 * Keeps typed input from being lost while a page has unsaved changes (`dirty`): a reload or
 * closing the tab makes the browser ask (beforeunload), and the page's own ways out go through
 * `confirmLeave`, which asks in `dialog` ('Leave without saving?') before leaving. The app's
 * router is not a data router, so links elsewhere on the page are not held: pass them here.
 */
export function useUnsavedChanges(dirty: boolean) {
  const [leaving, setLeaving] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [dirty]);

  const confirmLeave = (leave: () => void) => {
    if (dirty) setLeaving(() => leave);
    else leave();
  };

  const dialog = (
    <ConfirmDialog
      opened={leaving !== null}
      onClose={() => setLeaving(null)}
      title="Leave without saving?"
      description="Your changes on this page are not saved yet. Leaving drops them."
      pending={false}
      confirm={{
        label: 'Leave',
        pendingLabel: 'Leaving...',
        color: 'red',
        focusCancel: true,
        onConfirm: () => {
          const leave = leaving;
          setLeaving(null);
          leave?.();
        },
      }}
    />
  );
  return { confirmLeave, dialog };
}
