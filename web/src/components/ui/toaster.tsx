import { Portal, Spinner, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Spec section 9: notifications close by themselves after 10 s. */
export const TOAST_DURATION_MS = 10_000;

/** Spec section 9: SKU and service notifications close after 3 s. */
export const SHORT_TOAST_MS = 3_000;

// Top centre: the bottom right belongs to the bulk progress widget (spec 4) and the sticky action bars, the top right
// to the page header's primary action and the account menu.
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

interface NotifyOptions {
  /** A second line, e.g. the list of rows a file was refused for. */
  description?: string;
  durationMs?: number;
}

const show = (type: 'success' | 'error' | 'info', title: string, options: NotifyOptions = {}): void => {
  toaster.create({
    title,
    type,
    closable: true,
    ...(options.description ? { description: options.description } : {}),
    ...(options.durationMs ? { duration: options.durationMs } : {}),
  });
};

export const notify = {
  success: (title: string, options?: NotifyOptions): void => show('success', title, options),
  error: (title: string, options?: NotifyOptions): void => show('error', title, options),
  info: (title: string, options?: NotifyOptions): void => show('info', title, options),
};

export const AppToaster = (): ReactElement => (
  <Portal>
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }}>
          {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
        </Toast.Root>
      )}
    </Toaster>
  </Portal>
);
