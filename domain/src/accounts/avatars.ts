/**
 * The 24 predefined avatars (SPEC §3 "Avatar option"). Each is a designed SVG served by the app
 * at `/avatars/{id}.svg` (files in web/public/avatars/).
 *
 * Reading of the SPEC: its avatar data has six avatars in each of four groups (math, characters,
 * abstract, colours), and "one avatar filed under math is a science one". We keep the six-per-group
 * layout and the order, and file that one avatar (the atom) honestly under `science`, so every
 * filter the SPEC lists (all, math, science, characters, abstract, colors) finds something:
 * math 5, science 1, character 6, abstract 6, color 6. See docs/accounts.md.
 */

const avatarCategories = ['math', 'science', 'character', 'abstract', 'color'] as const;
export type AvatarCategory = (typeof avatarCategories)[number];

export interface AvatarOption {
  id: string;
  name: string;
  url: string;
  category: AvatarCategory;
}

const avatar = (id: string, name: string, category: AvatarCategory): AvatarOption => ({ id, name, url: `/avatars/${id}.svg`, category });

export const PREDEFINED_AVATARS: readonly AvatarOption[] = [
  // The math group (the first is every student's default avatar); its sixth is the science one.
  avatar('pi', 'Pi', 'math'),
  avatar('sigma', 'Sigma', 'math'),
  avatar('infinity', 'Infinity', 'math'),
  avatar('calculator', 'Calculator', 'math'),
  avatar('triangle', 'Triangle', 'math'),
  avatar('atom', 'Atom', 'science'),
  avatar('robot', 'Robot', 'character'),
  avatar('owl', 'Owl', 'character'),
  avatar('fox', 'Fox', 'character'),
  avatar('cat', 'Cat', 'character'),
  avatar('astronaut', 'Astronaut', 'character'),
  avatar('dinosaur', 'Dinosaur', 'character'),
  avatar('hexagons', 'Hexagons', 'abstract'),
  avatar('waves', 'Waves', 'abstract'),
  avatar('spiral', 'Spiral', 'abstract'),
  avatar('mosaic', 'Mosaic', 'abstract'),
  avatar('rings', 'Rings', 'abstract'),
  avatar('stars', 'Stars', 'abstract'),
  avatar('sunset', 'Sunset', 'color'),
  avatar('ocean', 'Ocean', 'color'),
  avatar('forest', 'Forest', 'color'),
  avatar('aurora', 'Aurora', 'color'),
  avatar('citrus', 'Citrus', 'color'),
  avatar('berry', 'Berry', 'color'),
];

/** Students' default avatar: the first predefined one (SPEC §6). */
export const DEFAULT_STUDENT_AVATAR: AvatarOption = PREDEFINED_AVATARS[0]!;

/** The gallery's filters (SPEC §2 Profile Settings) and the category each one shows. */
export const AVATAR_FILTERS = [
  { id: 'all', label: 'All', category: null },
  { id: 'math', label: 'Math', category: 'math' },
  { id: 'science', label: 'Science', category: 'science' },
  { id: 'characters', label: 'Characters', category: 'character' },
  { id: 'abstract', label: 'Abstract', category: 'abstract' },
  { id: 'colors', label: 'Colors', category: 'color' },
] as const satisfies readonly { id: string; label: string; category: AvatarCategory | null }[];

export type AvatarFilter = (typeof AVATAR_FILTERS)[number]['id'];

export function avatarsForFilter(filter: AvatarFilter): AvatarOption[] {
  const category = AVATAR_FILTERS.find((entry) => entry.id === filter)?.category ?? null;
  return PREDEFINED_AVATARS.filter((option) => category === null || option.category === category);
}

/** The predefined avatar with this URL (or id), if any. */
export function findPredefinedAvatar(urlOrId: string): AvatarOption | undefined {
  return PREDEFINED_AVATARS.find((option) => option.url === urlOrId || option.id === urlOrId);
}

const INITIALS_PALETTE = ['#4f46e5', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#7c3aed', '#15803d', '#c2410c'];

function firstLetter(name: string): string {
  const letter = [...name.trim()][0] ?? '';
  return letter.toLocaleUpperCase('en');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tutors' and admins' default avatar (SPEC §6): a generated circle with their initials, as an SVG
 * data URL. Deterministic: the colour comes from the name.
 */
export function initialsAvatarUrl(firstName: string, lastName: string): string {
  const initials = `${firstLetter(firstName)}${firstLetter(lastName)}` || '?';
  let hash = 0;
  for (const char of `${firstName} ${lastName}`) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const colour = INITIALS_PALETTE[hash % INITIALS_PALETTE.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(initials)}">` +
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" ` +
    `font-size="26" font-weight="600" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The picture shown when someone has chosen none: the first predefined avatar for students (and parents), initials otherwise. */
export function defaultAvatarUrl(user: { role: string; firstName: string; lastName: string }): string {
  return user.role === 'tutor' || user.role === 'admin' ? initialsAvatarUrl(user.firstName, user.lastName) : DEFAULT_STUDENT_AVATAR.url;
}

/** Roles that may upload (and delete) a custom avatar. */
export function mayUploadAvatar(role: string): boolean {
  return role === 'tutor' || role === 'admin';
}
