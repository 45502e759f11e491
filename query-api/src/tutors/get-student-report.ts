import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { userIdParams } from '../learning/learner-access.ts';
import { ASSIGNMENT_COLUMNS, assignmentRow, standingOf, RESULT_COLUMNS, resultRow } from './assignment-view.ts';
import { fileNameOf, sendCsv, studentLines } from './report-csv.ts';
import { assignmentSummary, ratio, topicFigures, topicRowsOf } from './report-rows.ts';
import { STUDENT_MESSAGES, tutorsStudent } from './student-access.ts';
import { studentReportResponse } from '@mathdaily/domain/api/tutoring';

/** Sessions on the printed page: enough for a parents' evening, few enough for one A4 page. */
const RECENT_SESSIONS = 6;
const ASSIGNMENTS_SHOWN = 8;

const studentRow = tableRows.users
  .pick({ first_name: true, last_name: true, email: true, grade_level: true })
  .extend({ timezone: tableRows.learner_profiles.shape.timezone, last_active: tableRows.tutor_learners.shape.last_active_at });
const sessionRow = z.object({ session_id: tableRows.attempts.shape.session_id, started_at: z.string(), ended_at: z.string(), answers: z.number(), correct: z.number(), topics: z.array(z.string()), response_ms: z.number() });
const classNameRow = z.object({ id: tableRows.classes.shape.class_id, name: tableRows.classes.shape.name });

/** The report's figures for one student (the tutor's view: their classes' work only; an admin's: all of it). */
async function studentReport(request: FastifyRequest, deps: QueryApiDeps, studentId: string) {
  await tutorsStudent(request, deps, studentId);
  const principal = principalOf(request);
  const tutorFilter = principal.role === 'admin' ? sql.fragment`TRUE` : sql.fragment`r.tutor_id = ${principal.userId.toLowerCase()}::uuid`;
  const student = await deps.pool.maybeOne(sql.type(studentRow)`
    SELECT u.first_name, u.last_name, u.email, u.grade_level, coalesce(p.timezone, 'UTC') AS timezone, l.last_active_at AS last_active
    FROM read_models.users u
    LEFT JOIN read_models.learner_profiles p ON p.user_id = u.id
    LEFT JOIN read_models.tutor_learners l ON l.student_id = u.id
    WHERE u.id = ${studentId}::uuid`);
  if (!student) throw new DomainError('NOT_FOUND', STUDENT_MESSAGES.notFound);
  const [topics, sessions, results] = await Promise.all([
    topicRowsOf(deps.pool, [studentId]),
    deps.pool.any(sql.type(sessionRow)`
      SELECT session_id, min(answered_at) AS started_at, max(answered_at) AS ended_at, count(*) AS answers, count(*) FILTER (WHERE is_correct) AS correct,
             array_agg(DISTINCT topic) AS topics, sum(response_time_ms)::int8 AS response_ms
      FROM read_models.attempts WHERE user_id = ${studentId}::uuid
      GROUP BY session_id ORDER BY max(answered_at) DESC LIMIT ${RECENT_SESSIONS}`),
    deps.pool.any(sql.type(resultRow.extend({ class_id: tableRows.assignment_results.shape.class_id }))`
      SELECT ${RESULT_COLUMNS}, r.class_id FROM read_models.assignment_results r WHERE r.student_id = ${studentId}::uuid AND ${tutorFilter}`),
  ]);
  const ids = results.map((result) => result.assignment_id);
  const [assignments, classNames] = await Promise.all([
    deps.pool.any(sql.type(assignmentRow)`SELECT ${ASSIGNMENT_COLUMNS} FROM read_models.class_assignments a WHERE a.assignment_id = ANY(${sql.array(ids, 'uuid')})`),
    deps.pool.any(sql.type(classNameRow)`SELECT class_id AS id, name FROM read_models.classes WHERE class_id = ANY(${sql.array([...new Set(results.map((result) => result.class_id))], 'uuid')})`),
  ]);
  const now = deps.clock();
  const nameOf = new Map(classNames.map((row) => [row.id, row.name]));
  const work = assignments
    .map((assignment) => {
      const result = results.find((row) => row.assignment_id === assignment.id)!;
      return { id: assignment.id, title: assignment.title, class_name: nameOf.get(assignment.class_id) ?? '', due_at: assignment.due_at, due_local: assignment.due_local, time_zone: assignment.time_zone, ...standingOf(result, assignment.due_at, now) };
    })
    .sort((a, b) => Date.parse(b.due_at) - Date.parse(a.due_at));
  const figures = topics.map(topicFigures);
  const answers = figures.reduce((sum, topic) => sum + topic.attempts, 0);
  const correct = figures.reduce((sum, topic) => sum + topic.correct, 0);
  return {
    student: { id: studentId, name: `${student.first_name} ${student.last_name}`, email: student.email, grade_level: student.grade_level, timezone: student.timezone, last_active: student.last_active },
    generated_at: now.toISOString(),
    totals: {
      answers,
      correct,
      accuracy: ratio(correct, answers),
      topics_practised: figures.length,
      topics_mastered: topics.filter((topic) => topic.topic_mastered).length,
    },
    topics: figures.sort((a, b) => b.attempts - a.attempts || a.topic.localeCompare(b.topic)),
    recent_sessions: sessions.map((session) => ({ ...session, accuracy: ratio(session.correct, session.answers), minutes: Math.max(1, Math.round(session.response_ms / 60_000)) })),
    assignments: work.slice(0, ASSIGNMENTS_SHOWN),
    assignments_total: work.length,
    assignment_summary: assignmentSummary(work),
  };
}

/**
 * GET /api/tutors/students/{userId}/report (the student's active tutor; admins) → the printable
 * student report: totals, mastery by topic, recent sessions, work set (the tutor's classes').
 * GET …/report.csv → the same per topic as CSV (UTF-8 with BOM): one row per topic practised.
 * Another tutor's student → 404; the tutor's own pending or inactive student → 403.
 */
export function registerGetStudentReport(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/students/:userId/report', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: userIdParams, response: { 200: studentReportResponse } },
    handler: async (request) => studentReport(request, deps, request.params.userId),
  });
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/students/:userId/report.csv', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: userIdParams },
    handler: async (request, reply) => {
      const report = await studentReport(request, deps, request.params.userId);
      const zone = report.student.timezone;
      const base = { Student: report.student.name, Email: report.student.email, Class: [...new Set(report.assignments.map((work) => work.class_name))].join('; '), Assignments: report.assignment_summary };
      return sendCsv(reply, fileNameOf(report.student.name, 'report', report.generated_at.slice(0, 10)), studentLines(base, report.topics, zone, 'No practice yet'));
    },
  });
}
