import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a module's named export. What only some users open (a form, Manage Team) comes
 * this way, so that a visitor's page loads neither it nor what it imports, zod and the schemas
 * among them (web/bundle-budget.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy itself puts on the component it loads
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * A dynamic import remembered once it has loaded. Each `import()` of a module already loaded still
 * goes through the module loader (and, under tsx, a round trip to its hooks thread): the server
 * asked it again for every page it rendered. A load that failed is tried afresh the next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
