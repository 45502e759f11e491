import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CLIENT_ERROR_LIMITS } from '@mathdaily/domain/client-errors/events';
import { api } from '../api/client.ts';
import { SUPPORT_EMAIL } from '../features/public-site/site-links.ts';
import './error-boundary.css';

type Report = 'sending' | 'reported' | 'failed';

interface State {
  error: Error | null;
  report: Report;
  /** The server's id of the stored report, quoted in the e-mail so support can find it. */
  reportId: string | null;
  at: string | null;
}

const INITIAL: State = { error: null, report: 'sending', reportId: null, at: null };

/** The page's address without query string or fragment: reset and verification links carry tokens there. */
function pageAddress(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/**
 * 'Oops! Something went wrong' (SPEC §2). The crash is sent to POST /api/client-errors and kept
 * for admins; the screen says it has been reported only once the server has confirmed it.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = INITIAL;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, report: 'sending', reportId: null, at: new Date().toISOString() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Longer text is cut here rather than refused by the server's limits.
    const message = (error.message || error.name || 'Unknown error').slice(0, CLIENT_ERROR_LIMITS.message);
    void api
      .post<{ data: { reportId: string } }>('/api/client-errors', {
        message,
        stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`.trim().slice(0, CLIENT_ERROR_LIMITS.stack) || null,
        url: pageAddress().slice(0, CLIENT_ERROR_LIMITS.url),
        userAgent: navigator.userAgent.slice(0, CLIENT_ERROR_LIMITS.userAgent),
        occurredAt: this.state.at ?? new Date().toISOString(),
      })
      .then((response) => this.setState({ report: 'reported', reportId: response.data.reportId }))
      .catch(() => this.setState({ report: 'failed' }));
  }

  private reportLink(): string {
    const { error, at, reportId } = this.state;
    const body = [
      'What happened (please describe what you were doing):',
      '',
      '---',
      `Error: ${error?.message ?? ''}`,
      `Browser: ${navigator.userAgent}`,
      `URL: ${pageAddress()}`,
      `Time: ${at ?? new Date().toISOString()}`,
      ...(reportId ? [`Report ID: ${reportId}`] : []),
    ].join('\n');
    return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MathDaily error report')}&body=${encodeURIComponent(body)}`;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { report } = this.state;
    return (
      <main className="centered-page" id="main">
        <div className="card narrow center error-screen" role="alert">
          <p className="big-emoji" aria-hidden="true">
            😵
          </p>
          <h1>Oops! Something went wrong</h1>
          <p>Don’t worry — your progress is safe: every answer is saved as soon as you submit it.</p>
          <p className="muted" data-testid="error-report-status">
            {report === 'reported' && 'The issue has been reported to our team and we’ll look into it.'}
            {report === 'sending' && 'Sending a report of the issue to our team…'}
            {report === 'failed' && 'We couldn’t send an automatic report. Please use “Report this issue” to tell us what happened.'}
          </p>
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => this.setState(INITIAL)}>
              Try Again
            </button>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Reload Page
            </button>
            <a className="button link" href={this.reportLink()}>
              Report this issue
            </a>
          </div>
        </div>
      </main>
    );
  }
}
