import type { UserRole } from '@mathdaily/domain/accounts/events';
import { api } from '../../api/client.ts';

export interface DashboardStats {
  totalUsers: number;
  activeUsers: number;
  recentRegistrations: number;
  systemMetrics: {
    totalProblems: number;
    eventsStored: number;
    answersToday: number;
    /** Counted as a student's session summary counts them: problems by their first answer, retries apart. */
    sessionsToday: number;
    problemsToday: number;
    retriesToday: number;
    projectorLag: number | null;
    lastEventPosition: string;
    checkpoint: string | null;
    checkpointAt: string | null;
    usersByRole: Record<string, number>;
  };
}

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  gradeLevel: number | null;
  isEmailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export interface SystemLogs {
  recentRegistrations: { userId: string; email: string; firstName: string; lastName: string; role: string; registeredAt: string }[];
  recentLogins: { eventId: string; userId: string; email: string; firstName: string; lastName: string; role: string; method: string | null; at: string }[];
}

export interface AuditEvent {
  id: string;
  type: string;
  streamId: string;
  version: number;
  position: string;
  data: unknown;
  metadata: { actorId: string | null; correlationId: string; causationId: string | null; at: string; schemaVersion: number };
  actor: { id: string; name: string; email: string } | null;
}

export interface EventFilters {
  type?: string;
  stream?: string;
  actor?: string;
  correlation?: string;
  from?: string;
  to?: string;
}

export interface ContactRequest {
  request_id: string;
  source: 'contact' | 'help';
  name: string;
  email: string;
  organization: string | null;
  plan: string | null;
  subject: string | null;
  message: string;
  created_at: string;
}

export interface ClientErrorReport {
  report_id: string;
  message: string;
  stack: string | null;
  url: string;
  user_agent: string;
  user_id: string | null;
  occurred_at: string;
  reported_at: string;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const ADMIN_PAGE_SIZE = 10;

export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<{ data: DashboardStats }>('/api/admin/dashboard/stats', { signal }).then((body) => body.data),
  users: (params: { page: number; search?: string; role?: string }, signal?: AbortSignal) =>
    api
      .get<{ data: { users: AdminUser[]; pagination: Pagination } }>(`/api/admin/users${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
  logs: (signal?: AbortSignal) => api.get<{ data: SystemLogs }>('/api/admin/system/logs', { signal }).then((body) => body.data),
  changeRole: (userId: string, role: UserRole) => api.put<{ message: string }>('/api/admin/users/role', { userId, role }),
  events: (filters: EventFilters & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
    api.get<{ data: { events: AuditEvent[]; nextCursor: string | null } }>(`/api/admin/events${query({ ...filters })}`, { signal }).then((body) => body.data),
  contactRequests: (params: { page: number; source?: 'contact' | 'help' }, signal?: AbortSignal) =>
    api
      .get<{ data: { requests: ContactRequest[]; pagination: Pagination } }>(`/api/admin/contact-requests${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
  clientErrors: (params: { page: number }, signal?: AbortSignal) =>
    api
      .get<{ data: { errors: ClientErrorReport[]; pagination: Pagination } }>(`/api/admin/client-errors${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
};

export const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
