import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { initialLiveLearner, liveStatusOf, needsHelpOf } from '@mathdaily/domain';
import type { RelationshipStatus } from '@mathdaily/domain/api/tutoring';
import { tableRows } from '@mathdaily/projector/tables';
import type { ClassRow } from '../tutors/class-scope.ts';

/** Trouble spots shown: the problems and topics most missed today. */
const TROUBLE_SPOTS = 5;

const cardRow = tableRows.users.pick({ first_name: true, last_name: true }).extend({
  id: tableRows.class_members.shape.student_id,
  relationship_status: tableRows.tutor_students.shape.status.nullable(),
  state: tableRows.live_learners.shape.state.nullable(),
  answers_today: z.number(),
  correct_today: z.number(),
});
const troubleProblemRow = tableRows.problems.pick({ problem_id: true, topic: true, question: true }).extend({ wrong: z.number(), students: z.number(), answers: z.number() });
const troubleTopicRow = z.object({ topic: tableRows.attempts.shape.topic, wrong: z.number(), answers: z.number(), students: z.number() });
const dayRow = z.object({ start_of_today: z.string() });

/**
 * The live class view (IXL's Live Classroom) as of one moment: a card per student of the class
 * (practising now, idle or not started today in the class's time zone; current topic; right and
 * wrong this session; "needs help" after 3 misses in a row or 5 minutes on one problem: domain
 * live-learner.ts) and the class's trouble spots (the problems and topics most missed today).
 * Cards carry the folded state too, so the browser keeps time-based flags true between updates.
 * Only students active with the class's tutor show their practice.
 */
export async function classLiveSnapshot(pool: DatabasePool, found: Pick<ClassRow, 'id' | 'tutor_id' | 'name' | 'time_zone' | 'archived_at'>, now: Date) {
  const at = now.toISOString();
  const today = sql.fragment`((((${at}::timestamptz AT TIME ZONE ${found.time_zone})::date)::timestamp) AT TIME ZONE ${found.time_zone})`;
  // Practice today of the class's students who are active with its tutor: the trouble spots.
  const todays = sql.fragment`
    SELECT t.* FROM read_models.attempts t
    JOIN read_models.class_members m ON m.student_id = t.user_id AND m.class_id = ${found.id}::uuid
    JOIN read_models.tutor_students ts ON ts.tutor_id = ${found.tutor_id}::uuid AND ts.student_id = m.student_id AND ts.status = 'active'
    WHERE t.answered_at >= ${today} AND t.answered_at <= ${at}::timestamptz`;
  const [day, cards, problems, topics] = await Promise.all([
    pool.one(sql.type(dayRow)`SELECT ${today} AS start_of_today`),
    pool.any(sql.type(cardRow)`
      SELECT m.student_id AS id, u.first_name, u.last_name, ts.status AS relationship_status,
             CASE WHEN ts.status = 'active' THEN l.state END AS state,
             coalesce(d.answers, 0) AS answers_today, coalesce(d.correct, 0) AS correct_today
      FROM read_models.class_members m
      JOIN read_models.users u ON u.id = m.student_id
      LEFT JOIN read_models.tutor_students ts ON ts.tutor_id = ${found.tutor_id}::uuid AND ts.student_id = m.student_id
      LEFT JOIN read_models.live_learners l ON l.student_id = m.student_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS answers, count(*) FILTER (WHERE t.is_correct) AS correct FROM read_models.attempts t
        WHERE ts.status = 'active' AND t.user_id = m.student_id AND t.answered_at >= ${today} AND t.answered_at <= ${at}::timestamptz) d ON TRUE
      WHERE m.class_id = ${found.id}::uuid
      ORDER BY lower(u.first_name), lower(u.last_name), m.student_id`),
    pool.any(sql.type(troubleProblemRow)`
      SELECT p.problem_id, p.topic, p.question, w.wrong, w.students, w.answers FROM (
        SELECT problem_id, count(*) FILTER (WHERE NOT is_correct) AS wrong, count(DISTINCT user_id) FILTER (WHERE NOT is_correct) AS students, count(*) AS answers
        FROM (${todays}) t GROUP BY problem_id) w
      JOIN read_models.problems p ON p.problem_id = w.problem_id
      WHERE w.wrong > 0 ORDER BY w.students DESC, w.wrong DESC, p.problem_id LIMIT ${TROUBLE_SPOTS}`),
    pool.any(sql.type(troubleTopicRow)`
      SELECT topic, count(*) FILTER (WHERE NOT is_correct) AS wrong, count(*) AS answers, count(DISTINCT user_id) FILTER (WHERE NOT is_correct) AS students
      FROM (${todays}) t GROUP BY topic HAVING count(*) FILTER (WHERE NOT is_correct) > 0
      ORDER BY count(*) FILTER (WHERE NOT is_correct) DESC, topic LIMIT ${TROUBLE_SPOTS}`),
  ]);
  const startOfToday = new Date(day.start_of_today);
  return {
    class: { id: found.id, name: found.name, time_zone: found.time_zone, archived: found.archived_at !== null },
    now: at,
    start_of_today: startOfToday.toISOString(),
    students: cards.map((card) => {
      const state = card.state ?? initialLiveLearner();
      const active = card.relationship_status === 'active';
      return {
        id: card.id,
        name: `${card.first_name} ${card.last_name}`,
        relationship_status: (card.relationship_status ?? 'inactive') as RelationshipStatus,
        live: active ? state : null,
        status: active ? liveStatusOf(state, now, startOfToday) : null,
        needs_help: active ? needsHelpOf(state, now) : null,
        answers_today: card.answers_today,
        correct_today: card.correct_today,
      };
    }),
    trouble: {
      problems: problems.map((row) => ({ ...row, accuracy: row.answers > 0 ? Math.round(((row.answers - row.wrong) / row.answers) * 1000) / 1000 : null })),
      topics: topics.map((row) => ({ ...row, accuracy: Math.round(((row.answers - row.wrong) / row.answers) * 1000) / 1000 })),
    },
  };
}

export type ClassLiveSnapshot = Awaited<ReturnType<typeof classLiveSnapshot>>;
