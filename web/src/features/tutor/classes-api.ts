import type { AssignmentStatus } from '@mathdaily/domain/tutoring/assignment-progress';
import type {
  AssignmentCreatedResponse,
  AssignmentDetailResponse,
  AssignmentRedatedResponse,
  AssignmentSummary,
  BulkResultResponse,
  ClassArchivedResponse,
  ClassCodeResponse,
  ClassCreatedResponse,
  ClassDetailResponse,
  ClassesResponse,
  ClassInviteResponse,
  ClassLiveResponse,
  ClassSummary,
  ClassUpdatedResponse,
  LiveCard,
  MyClassesResponse,
  ReferralCodeRedeemedResponse,
  RosterStudent,
  StudentReportResponse,
} from '@mathdaily/domain/api/tutoring';
import type { PositionResponse } from '@mathdaily/domain/api/common';
import { api } from '../../api/client.ts';

/** The classroom's calls: classes, their students and work, the live view and the reports. The answers' shapes are their response schemas (@mathdaily/domain/api/tutoring). */
export type { AssignmentSummary, ClassSummary, LiveCard, RosterStudent };
export type ClassDetail = ClassDetailResponse;
/** The live class view: GET …/live, and each snapshot of the /api/live/class socket. */
export type LiveSnapshot = ClassLiveResponse;
export type MyWork = MyClassesResponse;
export type StudentReport = StudentReportResponse;

export interface NewAssignment {
  title?: string;
  source: { kind: 'topic'; topic_id: string; grade: number; difficulty: number | null } | { kind: 'problems' } | { kind: 'question_set'; set_id: string };
  problem_ids?: string[];
  student_ids?: string[];
  due_date: string;
  due_time?: string;
}

export type BulkAction = 'activate' | 'deactivate' | 'move' | 'remove';

const classUrl = (id: string) => `/api/tutors/classes/${id}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const classesApi = {
  list: (tutorId: string, signal?: AbortSignal) => api.get<ClassesResponse>(`/api/tutors/classes${tutorId ? `?tutor_id=${encodeURIComponent(tutorId)}` : ''}`, withSignal(signal)),
  get: (id: string, signal?: AbortSignal) => api.get<ClassDetailResponse>(classUrl(id), withSignal(signal)),
  create: (name: string, timeZone: string) => api.post<ClassCreatedResponse>('/api/tutors/classes', { name, time_zone: timeZone }),
  update: (id: string, changes: { name?: string; time_zone?: string }) => api.put<ClassUpdatedResponse>(classUrl(id), changes),
  archive: (id: string) => api.post<ClassArchivedResponse>(`${classUrl(id)}/archive`),
  restore: (id: string) => api.post<ClassArchivedResponse>(`${classUrl(id)}/restore`),
  newCode: (id: string) => api.post<ClassCodeResponse>(`${classUrl(id)}/join-code`),
  assign: (id: string, work: NewAssignment) => api.post<AssignmentCreatedResponse>(`${classUrl(id)}/assignments`, work),
  assignment: (id: string, assignmentId: string, signal?: AbortSignal) => api.get<AssignmentDetailResponse>(`${classUrl(id)}/assignments/${assignmentId}`, withSignal(signal)),
  redate: (id: string, assignmentId: string, dueDate: string, dueTime: string) => api.put<AssignmentRedatedResponse>(`${classUrl(id)}/assignments/${assignmentId}`, { due_date: dueDate, due_time: dueTime }),
  removeAssignment: (id: string, assignmentId: string) => api.delete<PositionResponse>(`${classUrl(id)}/assignments/${assignmentId}`),
  live: (id: string, signal?: AbortSignal) => api.get<ClassLiveResponse>(`${classUrl(id)}/live`, withSignal(signal)),
  classCsv: (id: string) => api.get<string>(`${classUrl(id)}/report.csv`, { asText: true }),
  bulk: (action: BulkAction, studentIds: string[], classes: { class_id?: string; from_class_id?: string } = {}) =>
    api.post<BulkResultResponse>('/api/tutors/students/bulk', { action, student_ids: studentIds, ...classes }),
  studentReport: (studentId: string, signal?: AbortSignal) => api.get<StudentReportResponse>(`/api/tutors/students/${studentId}/report`, withSignal(signal)),
  studentCsv: (studentId: string) => api.get<string>(`/api/tutors/students/${studentId}/report.csv`, { asText: true }),
  mine: (signal?: AbortSignal) => api.get<MyClassesResponse>('/api/classes/mine', withSignal(signal)),
  invite: (code: string, signal?: AbortSignal) => api.get<ClassInviteResponse>(`/api/classes/join/${encodeURIComponent(code)}`, withSignal(signal)),
  join: (code: string) => api.post<ReferralCodeRedeemedResponse>('/api/tutors/referral-codes/redeem', { code }),
  leave: (classId: string) => api.post<PositionResponse>(`/api/classes/${classId}/leave`),
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
