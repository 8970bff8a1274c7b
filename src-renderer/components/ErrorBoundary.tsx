import { Component, type ReactNode } from 'react';

/** A screen that throws shows what happened and a way back, instead of blanking the whole window. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null; key: string }
> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="view">
        <div className="error-banner" role="alert">
          <span>This screen hit an unexpected problem: {this.state.error.message}</span>
          <button type="button" className="btn btn-small" onClick={() => this.setState({ error: null })}>
            Reload the screen
          </button>
        </div>
      </div>
    );
  }
}
