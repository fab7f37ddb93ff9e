import { Component, type ComponentType, type ReactNode } from 'react';

interface Props {
  /** Changes with every move (the location's key): a new address gets a fresh try. */
  resetKey: string;
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

interface State {
  /** What the children threw since `resetKey` last changed; null while they render fine. */
  failure: { error: unknown } | null;
  resetKey: string;
}

/**
 * Keeps a failure inside the page it happened on: the fallback (an error page) stands in for the
 * children until the buyer moves on, including a retry that navigates to the same address.
 * React itself reports the caught error to the console (createRoot's onCaughtError).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    const { failure } = this.state;
    const { fallback: Fallback, children } = this.props;
    return failure === null ? children : <Fallback error={failure.error} />;
  }
}
