import { Component, type ReactNode } from 'react';

/**
 * The screens drawn before Mantine is there, in plain markup styled by styles-critical.css: the
 * loading line and the error screen around the app. The entry draws them while the app's own
 * code loads (first-screen.tsx), the router while a screen's does (router.tsx).
 */

/** The loading line; a page the server does not draw comes with it (server/plugins/web-page.ts). */
export function BootLoading() {
  return (
    <main className="boot-screen">
      <p className="boot-text" role="status" aria-live="polite">
        Loading page...
      </p>
    </main>
  );
}

/** Shown when the app's code cannot load at all (e.g. a chunk gone after a deploy, offline). */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The app could not load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="boot-screen" role="alert">
        <h1 className="boot-title">Something went wrong</h1>
        <p className="boot-text">The page could not be shown. Reloading usually helps.</p>
        <button type="button" className="boot-button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}
