import type { UserRole } from './events.ts';

/**
 * SPEC §2 "Test credentials": four pre-made accounts sharing one sample password, seeded at
 * start and listed at /test-credentials only when DEMO_ACCOUNTS is on. Addresses use the
 * reserved example.com domain so no real mailbox ever receives their e-mail.
 */
export const DEMO_PASSWORD = 'Demo123!';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  gradeLevel: number | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { label: 'Demo Student', email: 'demo.student@example.com', password: DEMO_PASSWORD, firstName: 'Demo', lastName: 'Student', role: 'student', gradeLevel: 7 },
  { label: 'Test Student', email: 'test.student@example.com', password: DEMO_PASSWORD, firstName: 'Test', lastName: 'Student', role: 'student', gradeLevel: 8 },
  { label: 'Tutor', email: 'tutor@example.com', password: DEMO_PASSWORD, firstName: 'Taylor', lastName: 'Tutor', role: 'tutor', gradeLevel: null },
  { label: 'Admin', email: 'admin@example.com', password: DEMO_PASSWORD, firstName: 'Alex', lastName: 'Admin', role: 'admin', gradeLevel: null },
];
