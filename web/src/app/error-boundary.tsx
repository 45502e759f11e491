import { Component, type ErrorInfo, type ReactNode } from 'react';
import { api } from '../api/client.ts';

interface State {
  error: Error | null;
  reported: boolean;
  at: string | null;
}

const SUPPORT_EMAIL = 'support@mathdaily.app';

/** 'Oops! Something went wrong': the error is recorded on the server, so saying so is true. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reported: false, at: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, at: new Date().toISOString() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    void api
      .post('/api/client-errors', {
        message: error.message.slice(0, 1000),
        stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`.slice(0, 8000),
        url: window.location.href,
        userAgent: navigator.userAgent,
        occurredAt: this.state.at ?? new Date().toISOString(),
      })
      .then(() => this.setState({ reported: true }))
      .catch(() => this.setState({ reported: false }));
  }

  private reportLink(): string {
    const { error, at } = this.state;
    const body = [
      'What happened (please describe what you were doing):',
      '',
      '---',
      `Error: ${error?.message ?? ''}`,
      `Browser: ${navigator.userAgent}`,
      `URL: ${window.location.href}`,
      `Time: ${at ?? new Date().toISOString()}`,
    ].join('\n');
    return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('MathDaily error report')}&body=${encodeURIComponent(body)}`;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="centered-page" id="main">
        <div className="card narrow center" role="alert">
          <p className="big-emoji" aria-hidden="true">😵</p>
          <h1>Oops! Something went wrong</h1>
          <p>
            Don't worry — your progress is safe. {this.state.reported ? 'The issue has been reported' : 'We are reporting the issue'} and we'll look
            into it.
          </p>
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => this.setState({ error: null, reported: false, at: null })}>
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
