/**
 * The texts of the e-mails the accounts area sends. `{{link}}` marks where the reactor puts the
 * message's link (its token is derived at delivery, never stored in an event).
 */

export const LINK_PLACEHOLDER = '{{link}}';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], button?: { label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${LINK_PLACEHOLDER}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${LINK_PLACEHOLDER}</p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${action}` +
    `<p style="margin:32px 0 0;font-size:12px;color:#6b7280">MathDaily — daily math practice</p></body></html>`
  );
}

export function verificationEmail(firstName: string): EmailContent {
  const subject = 'Verify your email address for MathDaily';
  const text =
    `Hi ${firstName},\n\nWelcome to MathDaily! Please confirm your email address by opening this link:\n\n${LINK_PLACEHOLDER}\n\n` +
    'The link works once and expires in 48 hours. If you did not create an account, you can ignore this email.\n\n— MathDaily';
  const html = layout(
    'Verify your email address',
    [`Hi ${escapeHtml(firstName)},`, 'Welcome to MathDaily! Please confirm your email address.', 'The link works once and expires in 48 hours. If you did not create an account, you can ignore this email.'],
    { label: 'Verify email address' },
  );
  return { subject, text, html };
}

export function passwordResetEmail(firstName: string): EmailContent {
  const subject = 'Reset your MathDaily password';
  const text =
    `Hi ${firstName},\n\nSomeone (hopefully you) asked to reset the password of your MathDaily account. Choose a new password here:\n\n${LINK_PLACEHOLDER}\n\n` +
    'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.\n\n— MathDaily';
  const html = layout(
    'Reset your password',
    [
      `Hi ${escapeHtml(firstName)},`,
      'Someone (hopefully you) asked to reset the password of your MathDaily account.',
      'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
    { label: 'Choose a new password' },
  );
  return { subject, text, html };
}

export function passwordChangedEmail(firstName: string): EmailContent {
  const subject = 'Your MathDaily password was changed';
  const text =
    `Hi ${firstName},\n\nThe password of your MathDaily account was just changed, and every other device was signed out.\n\n` +
    'If this was not you, reset your password right away from the sign-in page ("Forgot your password?").\n\n— MathDaily';
  const html = layout('Your password was changed', [
    `Hi ${escapeHtml(firstName)},`,
    'The password of your MathDaily account was just changed, and every other device was signed out.',
    'If this was not you, reset your password right away from the sign-in page (“Forgot your password?”).',
  ]);
  return { subject, text, html };
}

export interface ChildWeek {
  firstName: string;
  daysPractised: number;
  minutes: number;
  problems: number;
  /** Per cent right first time; null when nothing was answered. */
  accuracy: number | null;
}

/** A parent's weekly summary (issue 33): each linked child's week, and the one-click opt-out at `{{link}}`. */
export function weeklySummaryEmail(firstName: string, weekStart: string, children: readonly ChildWeek[]): EmailContent {
  const line = (child: ChildWeek) =>
    child.problems === 0
      ? `${child.firstName} did not practise this week.`
      : `${child.firstName} practised on ${child.daysPractised} day${child.daysPractised === 1 ? '' : 's'} for ${child.minutes} minute${child.minutes === 1 ? '' : 's'}: ${child.problems} problem${child.problems === 1 ? '' : 's'}, ${child.accuracy}% right first time.`;
  const subject = `Your family's week on MathDaily (week of ${weekStart})`;
  const text =
    `Hi ${firstName},\n\nHere is the week that began on ${weekStart}:\n\n${children.map((child) => `- ${line(child)}`).join('\n')}\n\n` +
    `Sign in to see topics, achievements and work from their tutor.\n\nTo stop these weekly e-mails, open this link (one click, no sign-in):\n${LINK_PLACEHOLDER}\n\n— MathDaily`;
  const html = layout(
    'Your family’s week',
    [`Hi ${escapeHtml(firstName)},`, `Here is the week that began on ${escapeHtml(weekStart)}:`, ...children.map((child) => escapeHtml(line(child))), 'Sign in to see topics, achievements and work from their tutor.'],
    { label: 'Stop these weekly e-mails' },
  );
  return { subject, text, html };
}
