import type { AnswerForm } from '@mathdaily/domain/problems/problem';
import type {
  ActivityItem,
  QuestionSavedResponse,
  QuestionSetAssignedResponse,
  QuestionSetResponse,
  QuestionSetSavedResponse,
  QuestionSetsResponse,
  ReferralCodeCheckResponse,
  ReferralCodeCreatedResponse,
  ReferralCodeDeactivatedResponse,
  ReferralCodesResponse,
  RelationshipStatus,
  StudentProgressResponse,
  StudentStatusResponse,
  TutorDashboardResponse,
  TutorStudent,
  TutorStudentsResponse,
} from '@mathdaily/domain/api/tutoring';
import { api } from '../../api/client.ts';

/** The tutor area's calls; the answers' shapes are their response schemas (@mathdaily/domain/api/tutoring). */
export type { ActivityItem, RelationshipStatus, TutorStudent };
export type CodeCheck = ReferralCodeCheckResponse;
export type StudentProgress = StudentProgressResponse;
export type QuestionSet = QuestionSetResponse;
export type SetQuestion = QuestionSet['questions'][number];

/** `?tutor_id=…` for the tutor-area queries (an admin's chosen tutor), or nothing. */
const tutorQuery = (tutorId: string) => (tutorId ? `?tutor_id=${encodeURIComponent(tutorId)}` : '');

export type StudentSort = 'joined' | 'name' | 'last_active' | 'accuracy';

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

const setUrl = (id: string) => `/api/tutors/question-sets/${id}`;

export const tutorApi = {
  /** `tutorId`: an admin's choice of tutor ('' = every tutor; a tutor's own is implied). */
  dashboard: (tutorId: string, signal?: AbortSignal) => api.get<TutorDashboardResponse>(`/api/tutors/dashboard${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  students: (filters: { search: string; status: string; tutorId?: string; classId?: string; sort?: StudentSort }, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (filters.tutorId) query.set('tutor_id', filters.tutorId);
    if (filters.search.trim()) query.set('search', filters.search.trim());
    if (filters.status) query.set('status', filters.status);
    if (filters.classId) query.set('class_id', filters.classId);
    if (filters.sort && filters.sort !== 'joined') query.set('sort', filters.sort);
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return api.get<TutorStudentsResponse>(`/api/tutors/students${suffix}`, signal ? { signal } : {});
  },
  setStatus: (student: TutorStudent, status: 'active' | 'inactive') =>
    api.put<StudentStatusResponse>(`/api/tutors/students/${student.id}`, { relationship_status: status, tutor_id: student.tutor_id }),
  progress: (studentId: string, signal?: AbortSignal) => api.get<StudentProgressResponse>(`/api/tutors/students/${studentId}/progress`, signal ? { signal } : {}),
  codes: (tutorId: string, signal?: AbortSignal) => api.get<ReferralCodesResponse>(`/api/tutors/referral-codes${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  generate: () => api.post<ReferralCodeCreatedResponse>('/api/tutors/referral-codes', {}),
  setCustom: (code: string) => api.post<ReferralCodeCreatedResponse>('/api/tutors/referral-codes', { code }),
  check: (code: string) => api.post<ReferralCodeCheckResponse>('/api/tutors/referral-codes/check', { code }),
  questionSets: (tutorId: string, signal?: AbortSignal) => api.get<QuestionSetsResponse>(`/api/tutors/question-sets${tutorQuery(tutorId)}`, signal ? { signal } : {}),
  questionSet: (id: string, signal?: AbortSignal) => api.get<QuestionSetResponse>(setUrl(id), signal ? { signal } : {}),
  createSet: (title: string, tutorId: string) => api.post<QuestionSetSavedResponse>('/api/tutors/question-sets', { title, ...(tutorId ? { tutor_id: tutorId } : {}) }),
  renameSet: (id: string, title: string) => api.put<QuestionSetSavedResponse>(setUrl(id), { title }),
  addQuestion: (setId: string, question: QuestionInput) => api.post<QuestionSavedResponse>(`${setUrl(setId)}/questions`, question),
  editQuestion: (setId: string, problemId: string, question: QuestionInput) => api.put<QuestionSavedResponse>(`${setUrl(setId)}/questions/${problemId}`, question),
  removeQuestion: (setId: string, problemId: string) => api.delete<unknown>(`${setUrl(setId)}/questions/${problemId}`),
  assignSet: (setId: string, studentIds: string[]) => api.post<QuestionSetAssignedResponse>(`${setUrl(setId)}/assignments`, { student_ids: studentIds }),
  unassignSet: (setId: string, studentId: string) => api.delete<unknown>(`${setUrl(setId)}/assignments/${studentId}`),
  deactivate: (code: string) => api.post<ReferralCodeDeactivatedResponse>(`/api/tutors/referral-codes/${encodeURIComponent(code)}/deactivate`),
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
