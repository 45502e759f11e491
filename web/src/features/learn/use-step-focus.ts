import { useEffect, useRef } from 'react';

/**
 * Moves the keyboard (and screen-reader) focus to a step's heading when the step appears or `key`
 * changes. The heading needs tabIndex={-1}.
 */
export function useStepFocus<T extends HTMLElement>(key: unknown = null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [key]);
  return ref;
}
