import { toaster, TOAST_DURATION_MS } from '../../../components/ui/toaster';

/** One toast per kind that replaces itself, so fixing twenty cells does not stack twenty toasts. */
export const notifyOnce = (id: string, type: 'success' | 'error', title: string, description?: string): void => {
  toaster.create({ id, type, title, closable: true, duration: TOAST_DURATION_MS, ...(description ? { description } : {}) });
};
