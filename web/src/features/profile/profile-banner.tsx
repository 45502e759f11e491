import { useEffect } from 'react';

export type Banner = { kind: 'success' | 'error'; text: string; id: number } | null;

/** SPEC §9: a success banner fades after 3 seconds; an error banner stays until dismissed or replaced. */
export const SUCCESS_BANNER_MS = 3000;

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
