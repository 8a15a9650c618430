import { SHORT_TOAST_MS, notify } from '../ui/toaster';
import { errorMessage } from '../../libs/http-client';

/** Spec 8/9: shipping service notifications use the spec's texts and close after 3 s. */
export const notifyShippingServiceSaved = (title: string): void => notify.success(title, { durationMs: SHORT_TOAST_MS });

/** The spec's failure text as the title; the server's reason, when it gave one, underneath. */
export const notifyShippingServiceFailed = (title: string, error: unknown): void => {
  const reason = errorMessage(error, '');
  notify.error(title, { durationMs: SHORT_TOAST_MS, ...(reason ? { description: reason } : {}) });
};
