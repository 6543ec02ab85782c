import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREENS, type ScreenModule } from './screen-modules';

const components = new Map<ScreenModule, LazyExoticComponent<ComponentType>>();
const loaded = new Map<ScreenModule, ComponentType>();

/** Loads a screen's module (once) and keeps the screen for the lazy component below. */
export function loadScreen(name: ScreenModule): Promise<ComponentType> {
  return SCREENS[name].load().then((screen) => {
    loaded.set(name, screen);
    return screen;
  });
}

/** Whether a screen's module has been loaded. */
export const screenLoaded = (name: ScreenModule) => loaded.has(name);

/**
 * A screen as a component whose code loads on first use; one component per screen. A screen
 * already loaded is handed to React at once (a thenable that calls back synchronously), so it
 * draws without suspending: the hydration of a page the server drew (web/main.tsx) and the
 * server's own drawing (server-render.tsx) then take one pass (ADR 0009).
 */
export function lazyScreen(name: ScreenModule): LazyExoticComponent<ComponentType> {
  let component = components.get(name);
  if (!component) {
    component = lazy(() => {
      const screen = loaded.get(name);
      if (!screen) return loadScreen(name).then((s) => ({ default: s }));
      // React reads only `then`: a thenable that calls back at once resolves the lazy in place.
      const now = {
        then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: screen }),
      };
      return now as unknown as Promise<{ default: ComponentType }>;
    });
    components.set(name, component);
  }
  return component;
}
