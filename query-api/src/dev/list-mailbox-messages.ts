import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { mailboxResponse } from '@mathdaily/domain/api/admin';

/** Where the mail reactor's development mailbox writes (projector/src/reactors/mail-transports.ts). */
const MAILBOX_FOLDER = 'mailbox';

const message = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), kind: z.string().optional(), createdAt: z.string() });

/**
 * GET /api/dev/mailbox[?to=address] → {messages: [{id, to, subject, text, html, kind, createdAt}]},
 * newest first (at most 100): the e-mails the app "sent" in development. 404 unless demo accounts are on.
 * Admins only: the messages hold password-reset and verification links for every account.
 */
export function registerListMailboxMessages(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/mailbox', {
    config: { access: ['admin'] },
    schema: { tags: ['dev'], querystring: z.object({ to: z.string().max(254).optional() }), response: { 200: mailboxResponse } },
    handler: async (request) => {
      const dataDir = deps.config.dataDir;
      if (!deps.config.demoAccounts || !dataDir) throw new DomainError('NOT_FOUND', 'The development mailbox is turned off on this server.');
      const folder = path.join(dataDir, MAILBOX_FOLDER);
      const names = await readdir(folder).catch(() => [] as string[]);
      const to = request.query.to?.trim().toLowerCase();
      const messages = [];
      for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
        const parsed = message.safeParse(JSON.parse(await readFile(path.join(folder, name), 'utf8').catch(() => 'null')));
        if (parsed.success && (!to || parsed.data.to.toLowerCase() === to)) messages.push(parsed.data);
      }
      messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      return { messages: messages.slice(0, 100) };
    },
  });
}
