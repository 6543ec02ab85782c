import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREENS, type ScreenModule } from './screen-modules';

const components = new Map<ScreenModule, LazyExoticComponent<ComponentType>>();

/** A screen as a component whose code loads on first use; one component per screen. */
export function lazyScreen(name: ScreenModule): LazyExoticComponent<ComponentType> {
  let component = components.get(name);
  if (!component) {
    component = lazy(() => SCREENS[name].load().then((screen) => ({ default: screen })));
    components.set(name, component);
  }
  return component;
}
