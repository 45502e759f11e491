import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail as the mail reactor (mail.ts) hands it to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  createdAt: string;
}

export interface MailTransport {
  name: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

export const MAILBOX_FOLDER = 'mailbox';
const DEFAULT_FROM = 'MathDaily <no-reply@example.com>';

/**
 * The development mailbox: each message as `{time}-{id}.json` (what GET /api/dev/mailbox lists)
 * and `.eml` (open it in any mail program) under DATA_DIR/mailbox. Writing the same message
 * again replaces it, so a redelivery leaves one copy.
 */
export function devMailbox(dataDir: string, from = DEFAULT_FROM): MailTransport {
  const folder = path.join(dataDir, MAILBOX_FOLDER);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'dev-mailbox',
    async send(mail) {
      await mkdir(folder, { recursive: true });
      const base = `${mail.createdAt.replace(/[:.]/g, '-')}-${mail.id}`;
      const info = await composer.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${mail.id}@mathdaily>`, date: new Date(mail.createdAt) });
      const raw = (info as unknown as { message: Buffer }).message;
      await writeFile(path.join(folder, `${base}.eml`), raw);
      // Write then rename, so a reader never sees half a JSON file.
      const temporary = path.join(folder, `.${base}.json.tmp`);
      await writeFile(temporary, JSON.stringify(mail, null, 2));
      await rename(temporary, path.join(folder, `${base}.json`));
    },
  };
}

/** Real delivery through SMTP_URL (smtp://user:pass@host:587, smtps://…). */
export function smtpTransport(url: string, from = DEFAULT_FROM): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${mail.id}@mathdaily>` });
    },
    close: () => transporter.close(),
  };
}
