import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { localOfInstant } from '@mathdaily/domain';
import type { topicFigures } from './report-rows.ts';

/** The reports' CSV: UTF-8 with a byte-order mark, so Excel opens names with accents correctly; one header row. */

const REPORT_COLUMNS = ['Student', 'Email', 'Class', 'Topic', 'Attempts', 'Correct', 'Accuracy (%)', 'Mastery (%)', 'Mastery level', 'Last active', 'Assignments'] as const;
export type ReportLine = Record<(typeof REPORT_COLUMNS)[number], string | number>;

const BOM = '\uFEFF';

const percentCell = (value: number | null) => (value === null ? '' : Math.round(value * 100));
const timeCell = (at: string | null, timeZone: string) => (at === null ? 'Never' : localOfInstant(at, timeZone).replace('T', ' '));

/**
 * A student's lines: one per topic practised after the student's own columns (`student`), or one
 * line whose Topic says why there is none (`none`). Times in the student's zone.
 */
export function studentLines(
  student: Pick<ReportLine, 'Student' | 'Email' | 'Class' | 'Assignments'>,
  topics: readonly ReturnType<typeof topicFigures>[],
  zone: string,
  none: string,
): ReportLine[] {
  if (topics.length === 0) {
    return [{ ...student, Topic: none, Attempts: 0, Correct: 0, 'Accuracy (%)': '', 'Mastery (%)': '', 'Mastery level': '', 'Last active': timeCell(null, zone) }];
  }
  return topics.map((topic) => ({
    ...student,
    Topic: topic.topic,
    Attempts: topic.attempts,
    Correct: topic.correct,
    'Accuracy (%)': percentCell(topic.accuracy),
    'Mastery (%)': percentCell(topic.mastery),
    'Mastery level': topic.mastery_level ?? '',
    'Last active': timeCell(topic.last_answer_at, zone),
  }));
}

/** A file name people can read and every system accepts: letters, digits and dashes. */
export const fileNameOf = (...parts: string[]) =>
  `${parts
    .join('-')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'report'}.csv`;

/** A text cell a spreadsheet would run as a formula (=, +, -, @ first) is kept as text (OWASP's CSV injection advice). */
const safeCell = (value: string | number) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function sendCsv(reply: FastifyReply, fileName: string, lines: readonly ReportLine[]) {
  const body = BOM + stringify(lines.map((line) => REPORT_COLUMNS.map((column) => safeCell(line[column]))), { header: true, columns: [...REPORT_COLUMNS], record_delimiter: 'windows' });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
