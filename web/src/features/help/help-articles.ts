import { CONTACT_PROMISE } from '@mathdaily/domain';

/** SPEC §2 Help: 10 FAQ items in seven categories. */
export const HELP_CATEGORIES = ['getting-started', 'learning', 'progress', 'achievements', 'account', 'privacy', 'support'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_CATEGORY_LABELS: Record<HelpCategory, string> = {
  'getting-started': 'Getting started',
  learning: 'Learning',
  progress: 'Progress',
  achievements: 'Achievements',
  account: 'Account',
  privacy: 'Privacy',
  support: 'Support',
};

export interface HelpArticle {
  id: string;
  category: HelpCategory;
  question: string;
  /** Paragraphs. */
  answer: readonly string[];
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'daily-session',
    category: 'getting-started',
    question: 'How does a daily session work?',
    answer: [
      'Each session starts with about 2 minutes of quick review: 3-4 problems you solved on earlier days. Then come about 3 minutes of new practice with 1-2 new problems. Then you are done for the day.',
      'Open Learn from the top menu to start. You can end a session at any time and still keep what you answered.',
    ],
  },
  {
    id: 'grade-levels',
    category: 'getting-started',
    question: 'Which grades does MathDaily cover?',
    answer: [
      'Every grade from 1 to 12, with several topics in each grade. Set your grade under Profile & Settings so new problems start at the right level; after that the difficulty adapts to your answers.',
    ],
  },
  {
    id: 'repeat-problems',
    category: 'learning',
    question: 'Why do I see problems I have already solved?',
    answer: [
      'That is spaced repetition. Each problem comes back just before you would be likely to forget it. Problems you find easy come back less and less often; problems you find hard come back sooner.',
    ],
  },
  {
    id: 'hints',
    category: 'learning',
    question: 'What happens when I use a hint?',
    answer: [
      'Hints are there to help, so use them when you are stuck. A problem solved with a hint is reviewed a little sooner, and the easiest difficulty ratings (1 and 2) are not offered for it.',
    ],
  },
  {
    id: 'difficulty-rating',
    category: 'learning',
    question: 'Why am I asked how difficult a problem was?',
    answer: [
      'Your rating, from Too Easy to Too Hard, tells MathDaily when to show the problem again and how hard the next new problems should be. Honest ratings make your practice fit you better.',
    ],
  },
  {
    id: 'mastery-levels',
    category: 'progress',
    question: 'How is my mastery level worked out?',
    answer: [
      'Mastery is the share of problems in a topic that you have mastered. 90% or more is Expert, 80% Advanced, 60% Proficient, 40% Developing, and below that Beginner.',
      'The Progress page shows your overall mastery, mastery for each topic, your streak and your success rate.',
    ],
  },
  {
    id: 'achievements',
    category: 'achievements',
    question: 'How do I earn achievements?',
    answer: [
      'Achievements reward steady practice: keeping a daily streak, reaching high accuracy in a session, completing many problems and mastering topics. Open Achievements from your user menu to see what you have earned and what is close.',
    ],
  },
  {
    id: 'change-password',
    category: 'account',
    question: 'How do I change my password or profile picture?',
    answer: [
      'Open Profile & Settings from your user menu. Under Password & Security you can change your password; under Profile Picture you can choose an avatar.',
    ],
  },
  {
    id: 'who-sees-progress',
    category: 'privacy',
    question: 'Who can see my progress?',
    answer: [
      'You can. A tutor or teacher sees your progress only while you are one of their active students. Our support team can see it when they help with a problem. We never sell your data and there are no adverts. The Privacy Policy explains everything we keep.',
    ],
  },
  {
    id: 'contact-support',
    category: 'support',
    question: 'How do I contact support?',
    answer: [
      `Use the form at the bottom of this page. We reply within ${CONTACT_PROMISE.replyWithinHours} hours, ${CONTACT_PROMISE.hours}. If something on the page broke, choose “Report a bug” and tell us what you were doing.`,
    ],
  },
];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'");

/** Articles in `category` (or all) whose question or answer contains every word of `query`, case-insensitively. */
export function searchHelpArticles(articles: readonly HelpArticle[], query: string, category: HelpCategory | 'all' = 'all'): HelpArticle[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  return articles.filter((article) => {
    if (category !== 'all' && article.category !== category) return false;
    if (words.length === 0) return true;
    const text = normalise(`${article.question} ${article.answer.join(' ')}`);
    return words.every((word) => text.includes(word));
  });
}
