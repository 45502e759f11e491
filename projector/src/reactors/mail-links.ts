import { linkToken } from '@mathdaily/api-kit';
import { LINK_PLACEHOLDER, type EmailRequested } from '@mathdaily/domain';

/** The message's link: `${publicUrl}/verify-email?token=…` or `/reset-password?token=…`, its token derived from the secret. */
function linkOf(message: EmailRequested['data'], options: { publicUrl: string; secret: string }): string | null {
  if (!message.link) return null;
  const { token } = linkToken(options.secret, message.userId, message.link.purpose, message.link.tokenId);
  return `${options.publicUrl.replace(/\/+$/, '')}/${message.link.purpose}?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The message with its link filled in, ready to send. */
export function renderMessage(message: EmailRequested['data'], options: { publicUrl: string; secret: string }) {
  const link = linkOf(message, options) ?? '';
  return {
    to: message.to,
    subject: message.subject,
    text: message.text.split(LINK_PLACEHOLDER).join(link),
    html: message.html.split(LINK_PLACEHOLDER).join(escapeHtml(link)),
  };
}
