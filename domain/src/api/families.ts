import { z } from 'zod';
import { commandPosition, isoTime, localDate } from './common.ts';

/** GET /api/family (students): the grown-ups who can see this child's progress. */
export const familyResponse = z.object({ data: z.object({ parents: z.array(z.object({ id: z.string(), name: z.string(), linkedAt: isoTime })) }) });

/** One linked child on the parent dashboard and in the weekly e-mail: this week in the child's own calendar and their standing. */
const childSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.number().nullable(),
  linkedAt: isoTime.nullable(),
  week: z.object({
    start: localDate,
    end: localDate,
    daysPractised: z.number(),
    minutes: z.number(),
    answers: z.number(),
    correct: z.number(),
    accuracy: z.number().nullable(),
    days: z.array(z.object({ date: localDate, answers: z.number(), minutes: z.number() })),
  }),
  masteryByTopic: z.array(z.object({ topic: z.string(), mastered: z.number(), total: z.number(), level: z.string() })),
  achievements: z.array(z.object({ id: z.string(), title: z.string(), icon: z.string(), earnedAt: isoTime })),
  assignments: z.array(z.object({ id: z.string(), title: z.string(), assignedAt: isoTime, problems: z.number(), answered: z.number() })),
});
export type ChildSummary = z.input<typeof childSummary>;
/** GET /api/parent/children (parents). */
export const childrenResponse = z.object({ data: z.object({ children: z.array(childSummary), weeklySummary: z.object({ enabled: z.boolean() }) }) });
export type ChildrenResponse = z.input<typeof childrenResponse>;

/** POST /api/family/link-codes and POST /api/tutors/students/{id}/link-code (201): the code, shown this once. */
export const linkCodeResponse = z.object({ code: z.string(), expiresAt: isoTime, position: commandPosition });

/** POST /api/parent/children (201): the child now linked. */
export const childLinkedResponse = z.object({ child: z.object({ id: z.string(), firstName: z.string() }), position: commandPosition });
export type ChildLinkedResponse = z.input<typeof childLinkedResponse>;

/** PUT /api/parent/weekly-summary. */
export const weeklySummaryResponse = z.object({ message: z.string(), enabled: z.boolean(), position: commandPosition });
export type WeeklySummaryResponse = z.input<typeof weeklySummaryResponse>;
