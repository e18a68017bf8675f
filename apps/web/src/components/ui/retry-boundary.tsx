import { Component, startTransition, type ErrorInfo, type ReactNode } from 'react';
import { errorReference } from '../../lib/api-client';
import { ErrorFallback } from './error-fallback';

export interface RetryBoundaryProps {
  children: ReactNode;
  /** Runs before the first retry re-renders, e.g. re-running the router's loaders. */
  onRetry?: () => unknown;
  /** The second retry reloads the page. */
  reload?: () => void;
  /** A change (e.g. a new path) clears the error and the retry count. */
  resetKey?: unknown;
}

interface RetryBoundaryState {
  error: unknown;
  failed: boolean;
  retries: number;
}

const reloadPage = () => window.location.reload();

/**
 * Spec section 2: "Øv! Noget gik galt." with "Prøv igen"; the first retry re-renders,
 * the second reloads the page.
 */
export class RetryBoundary extends Component<RetryBoundaryProps, RetryBoundaryState> {
  override state: RetryBoundaryState = { error: undefined, failed: false, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<RetryBoundaryState> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Caught by RetryBoundary', error, info.componentStack);
  }

  override componentDidUpdate(previous: RetryBoundaryProps): void {
    if (!Object.is(previous.resetKey, this.props.resetKey)) {
      this.setState({ error: undefined, failed: false, retries: 0 });
    }
  }

  private readonly retry = async (): Promise<void> => {
    if (this.state.retries >= 1) {
      (this.props.reload ?? reloadPage)();
      return;
    }
    try {
      await this.props.onRetry?.();
    } finally {
      // A transition, like the router's own state updates: the re-render then sees the
      // revalidated router state instead of racing it (and failing once on the stale error).
      startTransition(() => this.setState((s) => ({ error: undefined, failed: false, retries: s.retries + 1 })));
    }
  };

  override render(): ReactNode {
    if (this.state.failed) return <ErrorFallback onRetry={() => void this.retry()} reference={errorReference(this.state.error)} />;
    return this.props.children;
  }
}
