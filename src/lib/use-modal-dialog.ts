import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { trapTabKey } from './focus-trap.ts';

/**
 * Drives a native modal <dialog>: showModal() makes the rest of the page inert
 * and puts the dialog in the top layer. Focus moves into it on open and back to
 * what opened it on close; Tab stays inside; Escape and a click on the backdrop
 * close it. The smooth scroller is paused while it is open.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      document.dispatchEvent(new CustomEvent('scroll-lock', { detail: true }));
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return {
    ref,
    // However it closed (our close(), or the browser's own Escape handling), focus goes back.
    onClose: () => {
      document.dispatchEvent(new CustomEvent('scroll-lock', { detail: false }));
      opener.current?.focus();
      if (open) onClose();
    },
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      // Only the backdrop (outside the dialog's content box) targets the dialog itself.
      if (event.target === event.currentTarget) onClose();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === 'Tab' && ref.current) trapTabKey(event.nativeEvent, ref.current);
    },
  };
}
