import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../api/errorReporter';
import { ComponentErrorScreen, PageErrorScreen } from './StatusScreens';

interface BoundaryProps {
  children: ReactNode;
  /** Renders the failure screen; `reset` tries the children again. */
  fallback: (reset: () => void) => ReactNode;
  /** Changing it clears the failure (e.g. the location, so navigating away recovers). */
  resetKey?: unknown;
}

interface BoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/** An error boundary that records the failure in the error log (docs/logs.md: crashes are reported). */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { failed: false, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // No fixed severity: the reporter applies the severity rule of docs/logs.md (severityOf, common/logs/rules.ts) to the
    // error's name and message (network, auth, CORS high; validation, not found medium; else low).
    reportClientError({
      type: 'frontend',
      message: error.message || String(error),
      name: error.name,
      stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`,
    });
  }

  reset = () => this.setState({ failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}

/** Page failure: 'Errore nella Pagina' with retry and back to home. */
export function PageErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(reset) => <PageErrorScreen onRetry={reset} />}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Component failure: 'Oops! Qualcosa è andato storto' with retry and reload. */
export function ComponentErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(reset) => <ComponentErrorScreen onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
