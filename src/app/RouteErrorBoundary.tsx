import { Component, type ComponentType, type ReactNode } from 'react';

interface Props {
  /** Changes with every move (the location's key): a new address gets a fresh try. */
  resetKey: string;
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

interface State {
  failure: { error: unknown; resetKey: string } | null;
}

/**
 * Keeps a failure inside the page it happened on: the fallback (an error page) stands in for the
 * children until the buyer moves on, including a retry that navigates to the same address.
 * React itself reports the caught error to the console (createRoot's onCaughtError).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    // resetKey is filled in by componentDidCatch's render; until then the failure is current.
    return { failure: { error, resetKey: '' } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failure === null) return null;
    if (state.failure.resetKey === '')
      return { failure: { ...state.failure, resetKey: props.resetKey } };
    return state.failure.resetKey === props.resetKey ? null : { failure: null };
  }

  override render(): ReactNode {
    const { failure } = this.state;
    const { fallback: Fallback, children } = this.props;
    return failure === null ? children : <Fallback error={failure.error} />;
  }
}
