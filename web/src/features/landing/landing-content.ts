import type { IconName } from '../public-site/icons.tsx';

/** SPEC §1: the daily session outline shown on the landing page. */
export const SESSION_OUTLINE = [
  {
    minutes: '2 min',
    title: 'Quick review',
    text: '3-4 problems from earlier days, brought back just before you would forget them.',
    icon: 'repeat',
  },
  {
    minutes: '3 min',
    title: 'New practice',
    text: '1-2 new problems pitched at the right difficulty for you, with a hint if you need one.',
    icon: 'target',
  },
  {
    minutes: 'Done!',
    title: 'That’s today sorted',
    text: 'See what you got right, rate how hard it felt, and keep your streak going tomorrow.',
    icon: 'trophy',
  },
] as const satisfies readonly { minutes: string; title: string; text: string; icon: IconName }[];

export const PROBLEMS = [
  'Long worksheets that drain motivation before the hard questions start',
  'Topics that are forgotten a week after the test',
  'The same questions for everyone: too easy for some, too hard for others',
] as const;

export const SOLUTIONS = [
  'Ten focused minutes a day that fit before school or after dinner',
  'Spaced repetition brings each problem back right before it would be forgotten',
  'Difficulty adapts after every answer, so practice stays challenging but doable',
] as const;

export const FEATURES = [
  { icon: 'target', title: 'Adapts to every answer', text: 'Each student gets problems near the edge of what they can do, from Grade 1 to Grade 12.' },
  { icon: 'repeat', title: 'Spaced repetition', text: 'Reviews are scheduled for the moment a problem starts to fade, so learning sticks.' },
  { icon: 'bulb', title: 'Hints and worked explanations', text: 'Stuck? Open a hint. Finished? Read why the answer is right, step by step.' },
  { icon: 'chart', title: 'Mastery by topic', text: 'See which topics are mastered and which need another look, with clear mastery levels.' },
  { icon: 'flame', title: 'Streaks and achievements', text: 'Small daily wins add up: keep a streak, hit accuracy goals and unlock achievements.' },
  { icon: 'users', title: 'Free tools for tutors', text: 'Tutors and teachers follow their students’ mastery and get alerts when someone falls behind.' },
] as const satisfies readonly { icon: IconName; title: string; text: string }[];

/** Example figures for the dashboard preview; labelled as an example on the page. */
export const DASHBOARD_EXAMPLE = {
  problemsSolved: 248,
  dayStreak: 12,
  gradeLevel: 7,
  masteryLevel: 'Proficient',
  topics: [
    { name: 'Fractions', percent: 88 },
    { name: 'Ratios', percent: 71 },
    { name: 'Equations', percent: 54 },
  ],
} as const;

export const COMPARISON = [
  { feature: 'Time needed each day', others: '30-60 minute sessions', mathdaily: '10 minutes' },
  { feature: 'Brings back what you are about to forget', others: false, mathdaily: 'Spaced repetition' },
  { feature: 'Difficulty adapts to each student', others: 'Fixed levels', mathdaily: 'After every answer' },
  { feature: 'Worked explanation for every problem', others: 'Answer only', mathdaily: true },
  { feature: 'Tools for tutors and teachers', others: 'Paid extra', mathdaily: 'Free' },
  { feature: 'Adverts', others: 'Often', mathdaily: 'Never' },
] as const satisfies readonly { feature: string; others: string | boolean; mathdaily: string | boolean }[];

export const TESTIMONIALS = [
  {
    quote: 'I used to dread fractions. Now I do ten minutes after breakfast and I actually get them. My teacher noticed before I told her!',
    name: 'Maya',
    detail: 'Grade 6',
  },
  {
    quote: 'The review problems come back right when I’m about to forget them. My algebra test went from a C to an A-.',
    name: 'Jordan',
    detail: 'Grade 9',
  },
  {
    quote: 'It gets harder when I’m doing well, so it never feels babyish. My streak is 34 days and I’m not stopping.',
    name: 'Leo',
    detail: 'Grade 4',
  },
] as const;

/** The walkthrough behind 'Watch 2-min Demo'. */
export const WALKTHROUGH = [
  {
    title: 'Open today’s session',
    text: 'Sign in and press Start. A session takes about ten minutes and follows the same simple shape every day.',
    points: ['Works on a phone, tablet or computer', 'Pick up where you left off'],
  },
  {
    title: 'Two minutes of quick review',
    text: 'First come 3-4 problems you solved on earlier days. Each one returns just before you would forget it.',
    points: ['Answer by choosing an option or typing', 'Open a hint whenever you are stuck'],
  },
  {
    title: 'Three minutes of new practice',
    text: 'Then 1-2 new problems near the edge of what you can do. Every answer shows a worked explanation.',
    points: ['Correct or not, you see why', 'Rate how hard it felt: the next problems adapt'],
  },
  {
    title: 'Done: watch mastery grow',
    text: 'Your dashboard shows problems solved, your streak and mastery by topic. Come back tomorrow for the next session.',
    points: ['Earn achievements for streaks and accuracy', 'Tutors can follow your progress when you link up'],
  },
] as const;
