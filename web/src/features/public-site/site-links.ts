/** The landing page's sections that the public header links to (SPEC §1: How It Works, Testimonials, Features, Pricing). */
export const LANDING_SECTIONS = [
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
] as const;

export const SUPPORT_EMAIL = 'support@mathdaily.app';
export const PRIVACY_EMAIL = 'privacy@mathdaily.app';
