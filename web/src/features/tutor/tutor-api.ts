import type { AnswerForm } from '@mathdaily/domain/problems/problem';
import { api } from '../../api/client.ts';

/** `?tutor_id=…` for the tutor-area queries (an admin's chosen tutor), or nothing. */
export const tutorQuery = (tutorId: string) => (tutorId ? `?tutor_id=${encodeURIComponent(tutorId)}` : '');

export type RelationshipStatus = 'active' | 'pending' | 'inactive';

export interface TutorStudent {
  id: string;
  tutor_id: string;
  name: string;
  email: string;
  grade_level: number | null;
  relationship_status: RelationshipStatus;
  referral_code: string;
  created_at: string;
  last_active: string | null;
  practising_now: boolean;
  /** The tutor's open classes the student is in. */
  classes: { id: string; name: string }[];
  /** Right answers of all answers in the last 30 days (null: none). */
  accuracy: number | null;
  answers_30d: number;
}

export type StudentSort = 'joined' | 'name' | 'last_active' | 'accuracy';

export interface ActivityItem {
  id: string;
  position: string;
  type: string;
  alert: boolean;
  message: string;
  timestamp: string;
  student_id: string;
  student_name: string;
}

export interface TutorDashboard {
  stats: { totalStudents: number; activeStudents: number; pendingStudents: number; totalReferrals: number };
  recentActivity: ActivityItem[];
  recentStudents: TutorStudent[];
}

export interface ReferralCode {
  id: string;
  code: string;
  kind: 'generated' | 'custom';
  status: 'pending' | 'active' | 'inactive';
  created_at: string;
  used_at: string | null;
  uses: number;
  student_name: string | null;
  student_email: string | null;
}

export interface ReferralCodes {
  codes: ReferralCode[];
  stats: { totalCodes: number; activeCodes: number; pendingCodes: number; inactiveCodes: number; totalUses: number; studentsJoined: number; activeStudents: number };
}

export interface CodeCheck {
  code: string | null;
  status: 'available' | 'yours' | 'taken' | 'invalid';
  message: string;
}

export interface StudentProgress {
  student: { id: string; name: string; email: string; grade_level: number | null; last_active: string | null } | null;
  today: string;
  timezone: string;
  problems_due_today: number;
  problems_overdue: number;
  problems_attempted: number;
  problems_mastered: number;
  topics: string[];
  mastery_over_time: ({ date: string } & Record<string, number | null | string>)[];
  days: { date: string; answers: number; correct: number; accuracy: number | null; study_minutes: number }[];
}

/** A question as the tutor writes it (the fields of a problem; the topic's name comes from the catalog). */
export interface QuestionInput {
  topic_id: string;
  grade: number;
  question: string;
  problem_type: string;
  answer_options: string[] | null;
  correct_answer: string;
  answer_form: AnswerForm;
  hint: string;
  explanation: string;
  difficulty_level: number;
  estimated_time_seconds: number;
}

export type SetQuestion = QuestionInput & { id: string; topic: string };

export interface QuestionSetSummary {
  id: string;
  tutor_id: string;
  title: string;
  question_count: number;
  assigned_count: number;
  updated_at: string;
}

export interface QuestionSet {
  id: string;
  tutor_id: string;
  title: string;
  questions: SetQuestion[];
  assigned_students: { id: string; name: string; assigned_at: string }[];
}

const setUrl = (id: string) => `/api/tutors/question-sets/${id}`;

export const tutorApi = {
  /** `tutorId`: an admin's choice of tutor ('' = every tutor; a tutor's own is implied). */
  dashboard: (tutorId: string, signal?: AbortSignal) => api.get<TutorDashboard>(`/api/tutors/dashboard${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  students: (filters: { search: string; status: string; tutorId?: string; classId?: string; sort?: StudentSort }, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (filters.tutorId) query.set('tutor_id', filters.tutorId);
    if (filters.search.trim()) query.set('search', filters.search.trim());
    if (filters.status) query.set('status', filters.status);
    if (filters.classId) query.set('class_id', filters.classId);
    if (filters.sort && filters.sort !== 'joined') query.set('sort', filters.sort);
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return api.get<{ students: TutorStudent[]; total: number }>(`/api/tutors/students${suffix}`, signal ? { signal } : {});
  },
  setStatus: (student: TutorStudent, status: 'active' | 'inactive') =>
    api.put<{ relationship_status: RelationshipStatus }>(`/api/tutors/students/${student.id}`, { relationship_status: status, tutor_id: student.tutor_id }),
  progress: (studentId: string, signal?: AbortSignal) => api.get<StudentProgress>(`/api/tutors/students/${studentId}/progress`, signal ? { signal } : {}),
  codes: (tutorId: string, signal?: AbortSignal) => api.get<ReferralCodes>(`/api/tutors/referral-codes${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  generate: () => api.post<{ code: string }>('/api/tutors/referral-codes', {}),
  setCustom: (code: string) => api.post<{ code: string }>('/api/tutors/referral-codes', { code }),
  check: (code: string) => api.post<CodeCheck>('/api/tutors/referral-codes/check', { code }),
  questionSets: (tutorId: string, signal?: AbortSignal) => api.get<{ sets: QuestionSetSummary[] }>(`/api/tutors/question-sets${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  questionSet: (id: string, signal?: AbortSignal) => api.get<QuestionSet>(setUrl(id), signal ? { signal } : {}),
  createSet: (title: string, tutorId: string) => api.post<{ id: string }>('/api/tutors/question-sets', { title, ...(tutorId ? { tutor_id: tutorId } : {}) }),
  renameSet: (id: string, title: string) => api.put<{ id: string }>(setUrl(id), { title }),
  addQuestion: (setId: string, question: QuestionInput) => api.post<{ problem_id: string }>(`${setUrl(setId)}/questions`, question),
  editQuestion: (setId: string, problemId: string, question: QuestionInput) => api.put<{ problem_id: string }>(`${setUrl(setId)}/questions/${problemId}`, question),
  removeQuestion: (setId: string, problemId: string) => api.delete<unknown>(`${setUrl(setId)}/questions/${problemId}`),
  assignSet: (setId: string, studentIds: string[]) => api.post<{ assigned: string[] }>(`${setUrl(setId)}/assignments`, { student_ids: studentIds }),
  unassignSet: (setId: string, studentId: string) => api.delete<unknown>(`${setUrl(setId)}/assignments/${studentId}`),
  deactivate: (code: string) => api.post<{ code: string }>(`/api/tutors/referral-codes/${encodeURIComponent(code)}/deactivate`),
};

export const STATUS_LABELS: Record<RelationshipStatus, string> = { active: 'Active', pending: 'Pending', inactive: 'Inactive' };

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function formatWhen(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return formatDate(iso);
}
