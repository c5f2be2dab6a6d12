import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';

interface Options {
  open: boolean;
  onClose: () => void;
  /** How long the `active` flag outlives a close, while the dialog animates out. */
  activeAfterCloseMs?: number;
}

/**
 * Drives a native modal <dialog>. showModal() puts it in the top layer and makes
 * the rest of the page inert, so Tab never reaches the page behind it (only the
 * dialog and the browser's own controls) and Escape cancels it; we add what the
 * platform does not: focus on the control
 * marked data-autofocus, focus back to the opener however it closed, closing on
 * a backdrop click, and pausing the smooth scroller while it is open.
 */
export function useModalDialog({ open, onClose, activeAfterCloseMs = 0 }: Options) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [active, setActive] = useState(false);

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

  useEffect(() => {
    if (open) {
      setActive(true);
      return;
    }
    const timer = window.setTimeout(() => setActive(false), activeAfterCloseMs);
    return () => window.clearTimeout(timer);
  }, [open, activeAfterCloseMs]);

  return {
    /** Whether the dialog is open or still animating closed. */
    active,
    dialogProps: {
      ref,
      onClose: () => {
        document.dispatchEvent(new CustomEvent('scroll-lock', { detail: false }));
        opener.current?.focus();
        if (open) onClose();
      },
      // Escape: close through our state, so the closing path is always the same.
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        event.preventDefault();
        onClose();
      },
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        // Only the backdrop targets the dialog itself: its content fills the box.
        if (event.target === event.currentTarget) onClose();
      },
    },
  };
}
