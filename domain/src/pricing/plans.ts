/**
 * Plans, prices and plan facts (SPEC §1, §3, §9; DESIGN §7). The one place the web reads them
 * from: no page types a price. Amounts are whole pence so sums stay exact.
 */

export type BillingPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: 'single-subject' | 'full-access';
  name: string;
  tagline: string;
  /** Pence per month on monthly billing. */
  monthlyPence: number;
  /** Pence per year on yearly billing. */
  yearlyPence: number;
  mostPopular: boolean;
  features: readonly string[];
}

export interface AddOn {
  id: 'ai-hint-assistant' | 'live-group-tutorials';
  name: string;
  description: string;
  monthlyPence: number;
  status: 'beta' | 'coming-soon';
}

/** DESIGN §7: one trial everywhere, 7 days, no card (the landing and pricing reading of SPEC §1). */
export const TRIAL = { days: 7, cardRequired: false } as const;

export const FREE_SCHOOL_MEALS_DISCOUNT_PERCENT = 50;
export const FAMILY_SHARING_MAX_STUDENTS = 3;
export const TUTOR_REWARD_PENCE = 500;
export const PAYMENT_METHODS = ['major credit cards', 'PayPal', 'Apple Pay'] as const;
export const TUTOR_FREE_TOOLS = ['Student mastery graphs', 'Alerts when students fall behind', 'Custom question sets'] as const;

export const PLANS: readonly Plan[] = [
  {
    id: 'single-subject',
    name: 'Single Subject',
    tagline: 'Focus on one area of maths, such as algebra or geometry.',
    monthlyPence: 699,
    yearlyPence: 6999,
    mostPopular: false,
    features: [
      'Daily 10-minute sessions in one subject',
      'Adaptive difficulty and spaced-repetition review',
      'Hints and worked explanations',
      'Progress tracking and achievements',
      'Change your subject once per month',
    ],
  },
  {
    id: 'full-access',
    name: 'Full Access',
    tagline: 'Every topic from Grade 1 to Grade 12.',
    monthlyPence: 2499,
    yearlyPence: 24999,
    mostPopular: true,
    features: [
      'Every subject and topic, grades 1-12',
      'Adaptive difficulty and spaced-repetition review',
      'Hints and worked explanations',
      'Mastery by topic, progress insights and achievements',
      `Family sharing for up to ${FAMILY_SHARING_MAX_STUDENTS} students`,
    ],
  },
];

export const ADD_ONS: readonly AddOn[] = [
  {
    id: 'ai-hint-assistant',
    name: 'AI Hint Assistant',
    description: 'Step-by-step nudges that help you find the next step yourself, without giving the answer away.',
    monthlyPence: 499,
    status: 'beta',
  },
  {
    id: 'live-group-tutorials',
    name: 'Live Group Tutorials',
    description: 'Small-group online lessons with a qualified maths tutor on the topics you find hardest.',
    monthlyPence: 799,
    status: 'coming-soon',
  },
];

export const ADD_ON_STATUS_LABELS: Record<AddOn['status'], string> = { beta: 'Beta', 'coming-soon': 'Coming Soon' };

/** '£6.99', '£249.99'; whole pounds drop the pence ('£5'). */
export function formatPounds(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`Not an amount of pence: ${pence}`);
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  const whole = pounds.toLocaleString('en-GB');
  return rest === 0 ? `£${whole}` : `£${whole}.${String(rest).padStart(2, '0')}`;
}

export function pricePence(plan: Plan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPence : plan.yearlyPence;
}

/** What a year on yearly billing saves against twelve monthly payments. */
export function yearlySavingsPence(plan: Plan): number {
  return 12 * plan.monthlyPence - plan.yearlyPence;
}

/** Yearly savings as a share of twelve monthly payments, in whole percent (rounded). */
export function yearlySavingsPercent(plan: Plan): number {
  return Math.round((yearlySavingsPence(plan) * 100) / (12 * plan.monthlyPence));
}

/** The 'Save up to N%' badge: the best yearly saving over all plans. */
export function maxYearlySavingsPercent(plans: readonly Plan[] = PLANS): number {
  return Math.max(...plans.map(yearlySavingsPercent));
}

/** The yearly price spread over twelve months, rounded down to the penny (never overstates the saving). */
export function yearlyPerMonthPence(plan: Plan): number {
  return Math.floor(plan.yearlyPence / 12);
}

/** The cheapest monthly price ('from £6.99 per month'). */
export function lowestMonthlyPence(plans: readonly Plan[] = PLANS): number {
  return Math.min(...plans.map((plan) => plan.monthlyPence));
}
