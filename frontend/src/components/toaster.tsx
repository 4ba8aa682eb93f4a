import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

// Chakra's md breakpoint. The placement is fixed when the page loads: top on phones (thumbs
// and the keyboard own the bottom), bottom-end on larger screens.
const MD_UP = '(min-width: 768px)';
const isMdUp = typeof window !== 'undefined' && typeof window.matchMedia === 'function'
  ? window.matchMedia(MD_UP).matches
  : false;

export const toaster = createToaster({
  placement: isMdUp ? 'bottom-end' : 'top',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  hotkey: ['F8'], // focuses the toast region
});

type ToastOptions = Parameters<typeof toaster.create>[0];

/**
 * Shows a toast. One is visible at a time and the newest wins: the one on screen slides out
 * and this one follows (the store would otherwise queue it behind the current one's 5 s).
 */
export function showToast(options: ToastOptions & { type: 'success' | 'error' | 'info' | 'warning' }) {
  toaster.dismiss();
  return toaster.create(options);
}

export function Toaster() {
  const { t } = useTranslation();

  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('toast.region')}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxWidth={{ md: '420px' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label={t('toast.dismiss')} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
