import { useEffect } from 'react';
import { create } from 'zustand';

interface AnnouncerState {
  message: string;
  politeness: 'polite' | 'assertive';
  /** Counts announcements, so the same words said twice are still a change screen readers hear. */
  seq: number;
  announce(message: string, politeness?: 'polite' | 'assertive'): void;
  clear(): void;
}

/** Screen-reader announcements; SPEC §9: cleared after 5 seconds. */
const useAnnouncer = create<AnnouncerState>((set) => ({
  message: '',
  politeness: 'polite',
  seq: 0,
  announce(message, politeness = 'polite') {
    set((state) => ({ message, politeness, seq: state.seq + 1 }));
  },
  clear() {
    set({ message: '' });
  },
}));

export const announce = (message: string, politeness: 'polite' | 'assertive' = 'polite') =>
  useAnnouncer.getState().announce(message, politeness);

export function LiveRegion() {
  const { message, politeness, seq, clear } = useAnnouncer();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(clear, 5000);
    return () => clearTimeout(timer);
  }, [message, seq, clear]);
  // A new key per announcement replaces the text node, so a repeated message is read again.
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {politeness === 'polite' && message ? <span key={seq}>{message}</span> : null}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {politeness === 'assertive' && message ? <span key={seq}>{message}</span> : null}
      </div>
    </>
  );
}
