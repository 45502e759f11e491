import { useEffect, useRef } from 'react';

export type Banner = { kind: 'success' | 'error'; text: string; id: number } | null;

/** SPEC §9: a success banner fades after 3 seconds; an error banner stays until dismissed or replaced. */
const SUCCESS_BANNER_MS = 3000;

export function ProfileBanner({ banner, onDone }: { banner: Banner; onDone(): void }) {
  useEffect(() => {
    if (banner?.kind !== 'success') return;
    const timer = setTimeout(onDone, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner, onDone]);
  if (!banner) return null;
  return (
    <div
      key={banner.id}
      className={`alert ${banner.kind === 'success' ? 'alert-success profile-banner-fade' : 'alert-error'} profile-banner`}
      data-testid={`profile-${banner.kind}`}
    >
      <span>{banner.text}</span>
      {banner.kind === 'error' && (
        <button type="button" className="banner-dismiss" onClick={onDone} aria-label="Dismiss error">
          ×
        </button>
      )}
    </div>
  );
}

/**
 * Keeps a sticky element just below the sticky top navigation, however tall the navigation is
 * (two rows on a phone, or when a long name wraps it), so a banner is never hidden under it.
 */
export function useStickyBelowNav<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const nav = document.querySelector<HTMLElement>('.top-nav');
    const element = ref.current;
    if (!nav || !element) return;
    const place = () => {
      element.style.top = `${nav.getBoundingClientRect().height}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(nav);
    return () => observer.disconnect();
  }, []);
  return ref;
}
