import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  dashboardOf,
  ROUTES,
  SCREENS,
  screenModulesFor,
  type ScreenModule,
} from './screen-modules';

const WEB = path.resolve(import.meta.dirname, '..');
const DASHBOARDS = ['clientDashboard', 'editorDashboard', 'leadDashboard', 'teamLeadDashboard'];

describe('the screen modules', () => {
  // The server finds a screen's chunk by its source; a source that is not the module the router
  // loads would leave that screen's code out of the page without any other sign.
  it.each(Object.entries(SCREENS))(
    '%s: the source is the module its loader imports',
    async (_name, screen) => {
      const component = await screen.load();
      const module = (await import(/* @vite-ignore */ path.join(WEB, screen.source))) as object;
      expect(Object.values(module)).toContain(component);
    },
    60_000,
  );

  it('every screen module is reached from the route table', () => {
    const reached = new Set<string>([
      'shell',
      'notFound',
      ...ROUTES.map((route) => route.screen),
      ...Object.values(ACCESS).flat(),
      ...DASHBOARDS,
    ]);
    expect([...reached].sort()).toEqual(Object.keys(SCREENS).sort());
  });
});

describe('screenModulesFor', () => {
  it('names the shell, the guards and layout of its access, and the screen of every route', () => {
    for (const route of ROUTES) {
      const address = route.path.replace(/:[^/]+/g, 'a1b2');
      const expected: ScreenModule[] = ['shell', ...ACCESS[route.access], route.screen];
      expect(screenModulesFor(address), address).toEqual(expected);
      expect(screenModulesFor(`${address}/`), `${address}/`).toEqual(expected);
    }
  });

  it('names nothing for the landing page and the not-found screen for an unknown address', () => {
    expect(screenModulesFor('/')).toEqual([]);
    expect(screenModulesFor('')).toEqual([]);
    expect(screenModulesFor('/no/such/page')).toEqual(['shell', 'notFound']);
    expect(screenModulesFor('/dashboard/user/')).toEqual(['shell', 'notFound']);
    expect(screenModulesFor('/dashboard/user//x')).toEqual(['shell', 'notFound']);
  });

  it('matches without regard to case, as React Router does', () => {
    expect(screenModulesFor('/Invoicing')).toEqual(screenModulesFor('/invoicing'));
  });

  it('follows a redirect: /king is the dashboard', () => {
    expect(screenModulesFor('/king', 'king')).toEqual(screenModulesFor('/dashboard', 'king'));
  });

  it("adds the signed-in user's own dashboard on /dashboard only", () => {
    expect(screenModulesFor('/dashboard', 'client')).toEqual([
      ...screenModulesFor('/dashboard'),
      'clientDashboard',
    ]);
    expect(screenModulesFor('/dashboard', 'king').at(-1)).toBe('leadDashboard');
    expect(screenModulesFor('/dashboard', null).at(-1)).toBe('dashboard');
    expect(screenModulesFor('/admin', 'king').at(-1)).toBe('admin');
  });
});

describe('dashboardOf', () => {
  it('gives each role its dashboard, and an unknown role the client one', () => {
    const expected = {
      editor: 'editorDashboard',
      lead_editor: 'leadDashboard',
      king: 'leadDashboard',
      client_team_lead: 'teamLeadDashboard',
      client: 'clientDashboard',
      someone: 'clientDashboard',
    };
    for (const [role, dashboard] of Object.entries(expected)) {
      expect(dashboardOf(role), role).toBe(dashboard);
    }
  });
});
