import { useEffect, useRef } from 'react';

/**
 * Moves the keyboard (and screen-reader) focus to an element of a step (its heading, or the button
 * to press next) when the step appears or `key` changes. A heading needs tabIndex={-1}.
 */
export function useStepFocus<T extends HTMLElement>(key: unknown = null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [key]);
  return ref;
}
