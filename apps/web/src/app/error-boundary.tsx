import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screens';

interface Props {
  children: ReactNode;
  /** Shown instead of the global screen, e.g. inside the shell. */
  fullPage?: boolean;
}

interface State {
  error: Error | null;
}

/** Catches a render error below it and shows the spec's global error screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the page', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) {
      return <ErrorScreen message={this.state.error.message || undefined} fullPage={this.props.fullPage ?? true} />;
    }
    return this.props.children;
  }
}
