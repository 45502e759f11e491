/**
 * Every path the web app has a page for (SPEC §2 route table and the pages added since), in React
 * Router's form (`:id` is one path segment). The single list: routes.tsx keys its page chunks by
 * it, route-paths.test.ts checks the <Route> elements against it, and the launcher's static web
 * serving answers HTTP 404 for any other path (the app shell still renders the 'Page not found' page).
 */
export const APP_ROUTE_PATHS = [
  '/',
  '/login',
  '/register',
  '/pricing',
  '/contact',
  '/demo/problem-card',
  '/test-credentials',
  '/diagnostic',
  '/dev/mailbox',
  '/terms',
  '/privacy',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/weekly-summary-opt-out',
  '/dashboard',
  '/learn',
  '/placement',
  '/progress',
  '/topics',
  '/profile',
  '/achievements',
  '/help',
  '/parent',
  '/tutor/dashboard',
  '/tutor/students',
  '/tutor/students/:id',
  '/tutor/referrals',
  '/tutor/question-sets',
  '/tutor/classes',
  '/tutor/classes/:id',
  '/tutor/classes/:id/live',
  '/tutor/classes/:id/assignments/:assignmentId',
  '/tutor/students/:id/report',
  '/join/:code',
  '/admin',
  '/admin/events',
  '/admin/reports',
] as const;

export type AppRoutePath = (typeof APP_ROUTE_PATHS)[number];

const PATTERNS = APP_ROUTE_PATHS.map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`),
}));

/** The app route a URL path names (a trailing slash is the same page), or null for an unknown path. */
export function appRouteOf(pathname: string): AppRoutePath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.find((route) => route.pattern.test(path))?.path ?? null;
}
