import type { EmailRequested } from '@mathdaily/domain';
import type { Reactor } from '../reactor.ts';
import { renderMessage } from './mail-links.ts';
import { devMailbox, smtpTransport, type MailTransport } from './mail-transports.ts';

/** What the mail reactor needs (every field crosses to the projector's worker thread as is). */
export interface MailSettings {
  /** PUBLIC_URL: the base of the links in e-mails. */
  publicUrl: string;
  /** JWT_SECRET: the link tokens are derived from it (linkToken in @mathdaily/api-kit). */
  secret: string;
  /** DATA_DIR: the development mailbox is its `mailbox/` folder. */
  dataDir: string;
  /** SMTP_URL: send through it; otherwise to the development mailbox. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM. */
  from?: string | undefined;
}

/**
 * The outbox's delivery side: sends every `EmailRequested` (its `{{link}}` filled in) through
 * SMTP_URL or to the development mailbox. At least once: a crash between the send and the
 * checkpoint sends that one message again, with the same Message-ID (the mailbox overwrites it).
 */
export function mailReactor(settings: MailSettings & { transport?: MailTransport; log?: (line: string) => void }): Reactor {
  const transport = settings.transport ?? (settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : devMailbox(settings.dataDir, settings.from));
  return {
    name: 'mail',
    eventTypes: ['EmailRequested'],
    async react(event) {
      const data = event.data as EmailRequested['data'];
      const message = renderMessage(data, settings);
      await transport.send({ id: data.messageId, ...message, kind: data.kind, createdAt: event.metadata.at });
      // The message id and the account, never the address: logs outlive an erasure (docs/personal-data.md).
      settings.log?.(`mail: ${data.kind} ${data.messageId} for ${data.userId} (${transport.name})`);
    },
    close: () => transport.close?.(),
  };
}
