import { Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MessageScreen } from '../../components/message-screen';

interface State {
  failed: boolean;
}

/** Catches a page that throws while rendering, e.g. a code chunk gone after a deploy. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageScreen
        title="Something went wrong"
        color="red"
        actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
      >
        The page could not be shown. Reloading usually helps.
      </MessageScreen>
    );
  }
}
