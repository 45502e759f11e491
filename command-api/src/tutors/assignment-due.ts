import { z } from 'zod';
import { CLASS_MESSAGES, DomainError, instantOfLocal, isLocalDateTime, type DueDate } from '@mathdaily/domain';

/** When work is due when the tutor gives a date only: the end of that day in the class's time zone. */
const DEFAULT_DUE_TIME = '23:59';

export const dueFields = {
  due_date: z.string({ error: CLASS_MESSAGES.dueDate }).regex(/^\d{4}-\d{2}-\d{2}$/, CLASS_MESSAGES.dueDate),
  due_time: z.string({ error: CLASS_MESSAGES.dueDate }).regex(/^\d{2}:\d{2}$/, CLASS_MESSAGES.dueDate).optional(),
};

/** The due date and time the tutor chose, read in the class's time zone (a date that does not exist → 400). */
export function dueDateOf(body: { due_date: string; due_time?: string | undefined }, timeZone: string): DueDate {
  const dueLocal = `${body.due_date}T${body.due_time ?? DEFAULT_DUE_TIME}`;
  if (!isLocalDateTime(dueLocal)) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.dueDate, { due_date: CLASS_MESSAGES.dueDate });
  return { dueLocal, timeZone, dueAt: instantOfLocal(dueLocal, timeZone) };
}
