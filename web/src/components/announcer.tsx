import { useEffect } from 'react';
import { create } from 'zustand';

interface AnnouncerState {
  message: string;
  politeness: 'polite' | 'assertive';
  announce(message: string, politeness?: 'polite' | 'assertive'): void;
  clear(): void;
}

/** Screen-reader announcements; SPEC §9: cleared after 5 seconds. */
export const useAnnouncer = create<AnnouncerState>((set) => ({
  message: '',
  politeness: 'polite',
  announce(message, politeness = 'polite') {
    set({ message, politeness });
  },
  clear() {
    set({ message: '' });
  },
}));

export const announce = (message: string, politeness: 'polite' | 'assertive' = 'polite') =>
  useAnnouncer.getState().announce(message, politeness);

export function LiveRegion() {
  const { message, politeness, clear } = useAnnouncer();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(clear, 5000);
    return () => clearTimeout(timer);
  }, [message, clear]);
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {politeness === 'polite' ? message : ''}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {politeness === 'assertive' ? message : ''}
      </div>
    </>
  );
}
