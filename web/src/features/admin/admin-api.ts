import type { UserRole } from '@mathdaily/domain/accounts/events';
import type {
  AdminUser,
  AuditEvent,
  AuditEventsResponse,
  ClientErrorsResponse,
  ContactRequestsResponse,
  DashboardStats,
  DashboardStatsResponse,
  SystemLogsResponse,
  UsersPageResponse,
} from '@mathdaily/domain/api/admin';
import type { RoleChangedResponse } from '@mathdaily/domain/api/accounts';
import type { Pagination } from '@mathdaily/domain/api/common';
import { api } from '../../api/client.ts';

/** The admin pages' answers: their shapes are the APIs' response schemas (@mathdaily/domain/api/admin). */
export type { AdminUser, AuditEvent, DashboardStats, Pagination };

export interface EventFilters {
  type?: string;
  stream?: string;
  actor?: string;
  correlation?: string;
  from?: string;
  to?: string;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

const ADMIN_PAGE_SIZE = 10;

export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<DashboardStatsResponse>('/api/admin/dashboard/stats', { signal }).then((body) => body.data),
  users: (params: { page: number; search?: string; role?: string }, signal?: AbortSignal) =>
    api
      .get<UsersPageResponse>(`/api/admin/users${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
  logs: (signal?: AbortSignal) => api.get<SystemLogsResponse>('/api/admin/system/logs', { signal }).then((body) => body.data),
  changeRole: (userId: string, role: UserRole) => api.put<RoleChangedResponse>('/api/admin/users/role', { userId, role }),
  events: (filters: EventFilters & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
    api.get<AuditEventsResponse>(`/api/admin/events${query({ ...filters })}`, { signal }).then((body) => body.data),
  contactRequests: (params: { page: number; source?: 'contact' | 'help' }, signal?: AbortSignal) =>
    api
      .get<ContactRequestsResponse>(`/api/admin/contact-requests${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
  clientErrors: (params: { page: number }, signal?: AbortSignal) =>
    api
      .get<ClientErrorsResponse>(`/api/admin/client-errors${query({ ...params, limit: ADMIN_PAGE_SIZE })}`, { signal })
      .then((body) => body.data),
};

export const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
