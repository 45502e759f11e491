import { useEffect, type RefObject } from 'react';

/**
 * While a menu is open: Escape closes it and puts focus back on its button, and a press outside
 * `container` (`pressEvent`: the app bar listens for pointers, the public header for the mouse) closes it.
 */
export function useMenuDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
  pressEvent: 'pointerdown' | 'mousedown',
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPress = (event: Event) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener(pressEvent, onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener(pressEvent, onPress);
    };
  }, [open, setOpen, container, button, pressEvent]);
}
