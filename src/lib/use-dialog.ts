import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { trapTabKey } from './focus-trap';

/**
 * Focus handling shared by the site's modal dialogs: focus moves into the dialog
 * when it opens and back to what opened it when it closes; Tab stays inside;
 * Escape closes. The page behind stops scrolling while it is open.
 */
export function useDialog(open: boolean, onClose: () => void, dialog: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    document.documentElement.style.overflow = 'hidden';
    document.dispatchEvent(new CustomEvent('scroll-lock', { detail: true }));
    return () => {
      document.documentElement.style.overflow = '';
      document.dispatchEvent(new CustomEvent('scroll-lock', { detail: false }));
      opener.current?.focus();
    };
  }, [open, dialog]);

  return (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && dialog.current) {
      trapTabKey(event.nativeEvent, dialog.current);
    }
  };
}
