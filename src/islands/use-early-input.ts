// What a visitor typed, chose or focused in an island's server-rendered HTML before its script arrived (a
// slow phone; a form the browser restored on going back) is still in the page when the island hydrates:
// React 19 hydrates a control without writing its value. But the island's state does not know it, and a
// controlled field would be emptied at its next render. useEarlyInput hands it to the island once, as it
// hydrates, before anything is painted; more in docs/architecture.md, "Input before an island wakes".
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The option a select shows as the server rendered it: the last marked selected, or the first. */
const shownByDefault = (select: HTMLSelectElement) =>
  Math.max(
    0,
    Array.from(select.options).findLastIndex((option) => option.defaultSelected),
  );

/**
 * The controls under `root` the visitor changed from the server's HTML, by name: a field's text, a select's
 * value, the value of the radio chosen in a group, a lone checkbox's value when ticked ('' when unticked).
 * Files are not here: form-dom.ts reads what a file input holds.
 */
function changedValues(root: HTMLElement): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const control of root.querySelectorAll<Control>('input[name], textarea[name], select[name]')) {
    if (control instanceof HTMLSelectElement) {
      if (control.selectedIndex !== shownByDefault(control)) changed[control.name] = control.value;
    } else if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) {
      // An unticked radio says nothing: the one ticked in its place names the choice.
      if (control.checked !== control.defaultChecked && (control.checked || control.type === 'checkbox')) {
        changed[control.name] = control.checked ? control.value : '';
      }
    } else if (control.type !== 'file' && control.value !== control.defaultValue) {
      changed[control.name] = control.value;
    }
  }
  return changed;
}

interface Focus {
  element: HTMLElement;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

const caretOf = (element: Element) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    ? { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection }
    : { start: null, end: null, direction: null };

/**
 * Calls `adopt` once, as the island hydrates, with the element the returned ref is put on and what the visitor
 * changed in it (changedValues): the island seeds its state from them and acts on them. Focus and the caret,
 * if they were inside, are where the visitor left them after the render that follows.
 */
export function useEarlyInput<Root extends HTMLElement>(
  adopt: (root: Root, changed: Record<string, string>) => void,
): RefObject<Root | null> {
  const root = useRef<Root>(null);
  const [focus, setFocus] = useState<Focus | null>(null);

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && element.contains(focused))
      setFocus({ element: focused, ...caretOf(focused) });
    adopt(element, changedValues(element));
    // Once, with the page as hydration found it.
  }, []);

  useLayoutEffect(() => {
    if (!focus?.element.isConnected) return;
    const { element, start, end, direction } = focus;
    if (document.activeElement !== element) element.focus({ preventScroll: true });
    const now = caretOf(element);
    if (start !== null && end !== null && (now.start !== start || now.end !== end)) {
      (element as HTMLInputElement).setSelectionRange(start, end, direction ?? undefined);
    }
  }, [focus]);

  return root;
}
