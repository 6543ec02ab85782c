import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Toast = [title: string, text: string];

/**
 * The callbacks of an admin dialog's call (docs/product.md#errors): after a success the `done` toast,
 * then `after` (the dialog closes); after a failure the `failed` toast with the server's message,
 * or its text when there is none.
 */
export function dialogToasts<R>(done: (result: R) => Toast, failed: Toast, after: () => void) {
  return {
    onSuccess: (result: R) => {
      notifySuccess(...done(result));
      after();
    },
    onError: (error: Error) => notifyError(failed[0], getErrorMessage(error, failed[1])),
  };
}
