import { z } from 'zod';
import { userAccount } from './accounts.ts';
import { isoTime, pagesPagination, pagination, position } from './common.ts';

/** GET /api/admin/dashboard/stats (admins). */
const dashboardStats = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  recentRegistrations: z.number(),
  systemMetrics: z.object({
    totalProblems: z.number(),
    eventsStored: z.number(),
    answersToday: z.number(),
    /** Counted as a student's session summary counts them: problems by their first answer, retries apart. */
    sessionsToday: z.number(),
    problemsToday: z.number(),
    retriesToday: z.number(),
    usersByRole: z.record(z.string(), z.number()),
    lastEventPosition: position,
    checkpoint: position.nullable(),
    checkpointAt: isoTime.nullable(),
    /** Positions the projector has yet to apply (0 when the read models are current). */
    projectorLag: z.number().nullable(),
  }),
});
export type DashboardStats = z.input<typeof dashboardStats>;
export const dashboardStatsResponse = z.object({ data: dashboardStats });
export type DashboardStatsResponse = z.input<typeof dashboardStatsResponse>;

/** A row of the admin's user table. */
export type AdminUser = z.input<typeof userAccount>;
/** GET /api/admin/users?page&limit&search&role. */
export const usersPageResponse = z.object({ data: z.object({ users: z.array(userAccount), pagination: pagesPagination }) });
export type UsersPageResponse = z.input<typeof usersPageResponse>;

/** GET /api/admin/system/logs?limit: the newest registrations and sign-ins. */
const systemLogs = z.object({
  recentRegistrations: z.array(
    z.object({ userId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), role: z.string(), source: z.string(), registeredAt: isoTime }),
  ),
  recentLogins: z.array(
    z.object({
      eventId: z.string(),
      userId: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: z.string(),
      method: z.string().nullable(),
      at: isoTime,
    }),
  ),
});
export const systemLogsResponse = z.object({ data: systemLogs });
export type SystemLogsResponse = z.input<typeof systemLogsResponse>;

/** Every event's metadata (domain eventMetadataSchema); later fields pass as they are. */
const eventMetadata = z.looseObject({
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  at: isoTime,
  schemaVersion: z.number(),
  clientRequestId: z.string().optional(),
});
/** An event of the audit log, whole (secrets redacted, personal data opened or "[erased]"), with its actor's current name. */
const auditEvent = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  version: z.number(),
  position,
  /** The event's data as stored: any JSON. */
  data: z.unknown(),
  metadata: eventMetadata,
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AuditEvent = z.input<typeof auditEvent>;
/** GET /api/admin/events?type&stream&actor&correlation&from&to&cursor&limit. */
export const auditEventsResponse = z.object({ data: z.object({ events: z.array(auditEvent), nextCursor: position.nullable() }) });
export type AuditEventsResponse = z.input<typeof auditEventsResponse>;

/** A contact or help form's message (personal data opened, "[erased]" once its person is erased). */
const contactRequest = z.object({
  request_id: z.string(),
  source: z.enum(['contact', 'help']),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  plan: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  user_id: z.string().nullable(),
  created_at: isoTime,
});
export type ContactRequest = z.input<typeof contactRequest>;
/** GET /api/admin/contact-requests?page&limit&source. */
export const contactRequestsResponse = z.object({ data: z.object({ requests: z.array(contactRequest), pagination }) });
export type ContactRequestsResponse = z.input<typeof contactRequestsResponse>;

/** A crash the web app reported. */
const clientErrorReport = z.object({
  report_id: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  user_agent: z.string(),
  user_id: z.string().nullable(),
  occurred_at: isoTime,
  reported_at: isoTime,
});
/** GET /api/admin/client-errors?page&limit. */
export const clientErrorsResponse = z.object({ data: z.object({ errors: z.array(clientErrorReport), pagination }) });
export type ClientErrorsResponse = z.input<typeof clientErrorsResponse>;

/** GET /api/dev/mailbox[?to]: the e-mails the app "sent" in development (demo accounts on), newest first. */
const mailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string().optional(),
  createdAt: isoTime,
});
export const mailboxResponse = z.object({ messages: z.array(mailboxMessage) });
export type MailboxResponse = z.input<typeof mailboxResponse>;
