import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { localOfInstant } from '@mathdaily/domain';

/** The reports' CSV: UTF-8 with a byte-order mark, so Excel opens names with accents correctly; one header row. */

const REPORT_COLUMNS = ['Student', 'Email', 'Class', 'Topic', 'Attempts', 'Correct', 'Accuracy (%)', 'Mastery (%)', 'Mastery level', 'Last active', 'Assignments'] as const;
export type ReportLine = Record<(typeof REPORT_COLUMNS)[number], string | number>;

const BOM = '\uFEFF';

export const percentCell = (value: number | null) => (value === null ? '' : Math.round(value * 100));
export const timeCell = (at: string | null, timeZone: string) => (at === null ? 'Never' : localOfInstant(at, timeZone).replace('T', ' '));

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
