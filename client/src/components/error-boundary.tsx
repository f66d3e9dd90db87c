import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  /** Shown once the children threw while rendering; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what its children throw while rendering, so one broken screen shows a way out instead of
 * React unmounting the whole app into an empty page. React itself logs the error to the console.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly reset = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
