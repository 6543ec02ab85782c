import {
  createContext,
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { USER_STORAGE_KEY } from '../lib/stored-user-key';
import { BootLoading, ShellErrorBoundary } from './boot-screen';
import { LandingPage } from './routes/landing-page';

/**
 * The first screen of a page the server did not draw (main.tsx). A signed-out visit to the
 * landing page is drawn at once, without the app: React Router, TanStack Query, the session's
 * code and the API client are left out of the entry, which keeps the landing page within its
 * budget (scripts/budgets.ts). Its links load the app and hand the page over to it, as React
 * Router's Link would have navigated. Every other page loads the app first, with the loading
 * line the server sent meanwhile (server/plugins/web-page.ts names the app's files in that page,
 * so the browser already has them on their way).
 */

const loadApp = () => import('./app');
const LazyApp = lazy(() => loadApp().then((m) => ({ default: m.App })));

/** Whether someone signed in on this browser (their dashboard is the app's to open). */
function someoneStored(): boolean {
  try {
    return localStorage.getItem(USER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

const landingAlone = () => window.location.pathname === '/' && !someoneStored();

const OpenApp = createContext<(to: string | null) => void>(() => undefined);

/** A link of the landing page drawn alone: the app opens at `to` in this page. */
function HandOverLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}) {
  const openApp = useContext(OpenApp);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the browser's to open, as with React Router's Link.
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    openApp(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

export function FirstScreen() {
  const [landing, setLanding] = useState(landingAlone);
  const [App, setApp] = useState<ComponentType | null>(null);

  /**
   * Moves to `to` (null: stays), loads the app and the next screen's code, then draws the app in
   * place of the landing page, which stays until then (as a navigation of React Router does, in
   * a transition). Should the code not load, the page is drawn as any other first page: the
   * loading line, then the error screen if it still cannot load.
   */
  const openApp = useCallback((to: string | null) => {
    if (to !== null) window.history.pushState(null, '', to);
    loadApp().then(
      async (app) => {
        await app.loadScreensHere().catch(() => undefined);
        startTransition(() => setApp(() => app.App));
      },
      () => startTransition(() => setLanding(false)),
    );
  }, []);

  const waiting = landing && App === null;
  useEffect(() => {
    if (!waiting) return;
    // Signed in in another tab: the app takes over, and sends this one to the dashboard too.
    const onStorage = () => {
      if (someoneStored()) openApp(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [waiting, openApp]);

  if (App) return <App />;
  if (!landing) {
    return (
      <ShellErrorBoundary>
        <Suspense fallback={<BootLoading />}>
          <LazyApp />
        </Suspense>
      </ShellErrorBoundary>
    );
  }
  return (
    <OpenApp.Provider value={openApp}>
      <LandingPage Link={HandOverLink} />
    </OpenApp.Provider>
  );
}
