import type { AssignmentStatus } from '@mathdaily/domain/tutoring/assignment-progress';
import type { LiveLearner, LiveStatus, NeedsHelp } from '@mathdaily/domain/tutoring/live-learner';
import { api } from '../../api/client.ts';
import type { RelationshipStatus } from './tutor-api.ts';

/** The classroom's calls: classes, their students and work, the live view and the reports. */

export interface ClassSummary {
  id: string;
  tutor_id: string;
  name: string;
  time_zone: string;
  join_code: string;
  archived_at: string | null;
  created_at: string;
  students: number;
  active_students: number;
  open_assignments: number;
}

export interface RosterStudent {
  id: string;
  name: string;
  email: string;
  grade_level: number | null;
  relationship_status: RelationshipStatus;
  joined_at: string;
  last_active: string | null;
  practising_now: boolean;
  accuracy: number | null;
  answers_30d: number;
}

export interface AssignmentCounts {
  students: number;
  done: number;
  in_progress: number;
  not_started: number;
  overdue: number;
  average_score: number | null;
}

export type AssignmentSource = { kind: 'topic'; topicId: string; grade: number; difficulty: number | null } | { kind: 'problems' } | { kind: 'question_set'; setId: string };

export interface AssignmentSummary extends AssignmentCounts {
  id: string;
  class_id: string;
  title: string;
  source: AssignmentSource;
  problem_count: number;
  due_at: string;
  due_local: string;
  time_zone: string;
  created_at: string;
}

export interface ClassDetail {
  class: Omit<ClassSummary, 'students' | 'active_students' | 'open_assignments'>;
  students: RosterStudent[];
  assignments: AssignmentSummary[];
}

export interface Standing {
  status: AssignmentStatus;
  answered: number;
  total: number;
  correct: number;
  score: number | null;
  late: boolean;
  completed_at: string | null;
}

export interface AssignmentDetail extends Omit<AssignmentSummary, 'students'> {
  class_name: string;
  problems: { id: string; question: string; topic: string; correct_answer: string | null; answer_options: string[] | null; difficulty_level: number; answered: number; wrong: number }[];
  students: (Standing & { id: string; name: string; answers: Record<string, [boolean, string]> })[];
}

export interface LiveCard {
  id: string;
  name: string;
  relationship_status: RelationshipStatus;
  live: LiveLearner | null;
  status: LiveStatus | null;
  needs_help: NeedsHelp | null;
  answers_today: number;
  correct_today: number;
}

export interface LiveSnapshot {
  class: { id: string; name: string; time_zone: string; archived: boolean };
  now: string;
  start_of_today: string;
  students: LiveCard[];
  trouble: {
    problems: { problem_id: string; topic: string; question: string; wrong: number; students: number; answers: number; accuracy: number | null }[];
    topics: { topic: string; wrong: number; answers: number; students: number; accuracy: number }[];
  };
}

export interface NewAssignment {
  title?: string;
  source: { kind: 'topic'; topic_id: string; grade: number; difficulty: number | null } | { kind: 'problems' } | { kind: 'question_set'; set_id: string };
  problem_ids?: string[];
  student_ids?: string[];
  due_date: string;
  due_time?: string;
}

export type BulkAction = 'activate' | 'deactivate' | 'move' | 'remove';
export interface BulkResult {
  results: ({ student_id: string; ok: true } | { student_id: string; ok: false; code: string; message: string })[];
  succeeded: number;
  failed: number;
}

export interface MyWork {
  classes: { id: string; name: string; tutor_name: string; joined_at: string }[];
  assignments: (Standing & { id: string; title: string; class_id: string; class_name: string; due_at: string; due_local: string; time_zone: string })[];
}

export interface StudentReport {
  student: { id: string; name: string; email: string; grade_level: number | null; timezone: string; last_active: string | null };
  generated_at: string;
  totals: { answers: number; correct: number; accuracy: number | null; topics_practised: number; topics_mastered: number };
  topics: { topic: string; attempts: number; correct: number; accuracy: number | null; mastery: number | null; mastery_level: string | null; last_answer_at: string | null }[];
  recent_sessions: { session_id: string; started_at: string; ended_at: string; answers: number; correct: number; accuracy: number | null; minutes: number; topics: string[] }[];
  assignments: (Standing & { id: string; title: string; class_name: string; due_at: string; due_local: string; time_zone: string })[];
  assignments_total: number;
  assignment_summary: string;
}

const classUrl = (id: string) => `/api/tutors/classes/${id}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const classesApi = {
  list: (tutorId: string, signal?: AbortSignal) => api.get<{ classes: ClassSummary[] }>(`/api/tutors/classes${tutorId ? `?tutor_id=${encodeURIComponent(tutorId)}` : ''}`, withSignal(signal)),
  get: (id: string, signal?: AbortSignal) => api.get<ClassDetail>(classUrl(id), withSignal(signal)),
  create: (name: string, timeZone: string) => api.post<{ id: string; join_code: string }>('/api/tutors/classes', { name, time_zone: timeZone }),
  update: (id: string, changes: { name?: string; time_zone?: string }) => api.put<{ id: string }>(classUrl(id), changes),
  archive: (id: string) => api.post<{ archived: boolean }>(`${classUrl(id)}/archive`),
  restore: (id: string) => api.post<{ archived: boolean }>(`${classUrl(id)}/restore`),
  newCode: (id: string) => api.post<{ join_code: string }>(`${classUrl(id)}/join-code`),
  assign: (id: string, work: NewAssignment) => api.post<{ id: string; title: string; student_ids: string[]; due_at: string }>(`${classUrl(id)}/assignments`, work),
  assignment: (id: string, assignmentId: string, signal?: AbortSignal) => api.get<AssignmentDetail>(`${classUrl(id)}/assignments/${assignmentId}`, withSignal(signal)),
  redate: (id: string, assignmentId: string, dueDate: string, dueTime: string) => api.put<{ due_at: string }>(`${classUrl(id)}/assignments/${assignmentId}`, { due_date: dueDate, due_time: dueTime }),
  removeAssignment: (id: string, assignmentId: string) => api.delete<unknown>(`${classUrl(id)}/assignments/${assignmentId}`),
  live: (id: string, signal?: AbortSignal) => api.get<LiveSnapshot>(`${classUrl(id)}/live`, withSignal(signal)),
  classCsv: (id: string) => api.get<string>(`${classUrl(id)}/report.csv`, { asText: true }),
  bulk: (action: BulkAction, studentIds: string[], classes: { class_id?: string; from_class_id?: string } = {}) =>
    api.post<BulkResult>('/api/tutors/students/bulk', { action, student_ids: studentIds, ...classes }),
  studentReport: (studentId: string, signal?: AbortSignal) => api.get<StudentReport>(`/api/tutors/students/${studentId}/report`, withSignal(signal)),
  studentCsv: (studentId: string) => api.get<string>(`/api/tutors/students/${studentId}/report.csv`, { asText: true }),
  mine: (signal?: AbortSignal) => api.get<MyWork>('/api/classes/mine', withSignal(signal)),
  invite: (code: string, signal?: AbortSignal) => api.get<{ class_id: string; class_name: string; tutor_name: string; member: boolean; code: string }>(`/api/classes/join/${encodeURIComponent(code)}`, withSignal(signal)),
  join: (code: string) => api.post<{ message: string; class_id?: string }>('/api/tutors/referral-codes/redeem', { code }),
  leave: (classId: string) => api.post<unknown>(`/api/classes/${classId}/leave`),
};

/** Saves a CSV report as a file the browser downloads, with the byte-order mark Excel needs (reading the response as text drops it). */
export function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The join link a tutor hands out: opens the join page with the code filled in. */
export const joinLinkOf = (code: string) => `${window.location.origin}/join/${code}`;

export const ASSIGNMENT_STATUS: Record<AssignmentStatus, { label: string; className: string }> = {
  not_started: { label: 'Not started', className: 'work-not-started' },
  in_progress: { label: 'In progress', className: 'work-in-progress' },
  done: { label: 'Done', className: 'work-done' },
  overdue: { label: 'Overdue', className: 'work-overdue' },
};

/** A due time as the class reads it: "Tue 3 Mar, 17:00" in the class's time zone. */
export function formatDue(dueAt: string, timeZone: string): string {
  return new Date(dueAt).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone });
}

export const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
