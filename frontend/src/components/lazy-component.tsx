import type { ComponentType } from 'react';

export type LazyComponent<Props> = ComponentType<Props> & {
  /** Fetches the code; resolves once the component renders without suspending. */
  load: () => Promise<void>;
};

/**
 * A component whose code is a chunk of its own, fetched by `load()` or by its first render, which
 * suspends meanwhile. Once loaded it renders at once, as adopting server HTML requires. A failed
 * fetch reaches the error boundary, as with React's lazy(), but `load()` tries again.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => void (Loaded = component),
      (error: unknown) => {
        loading = undefined;
        failure = { error };
        throw error;
      },
    ));
  const Component = (props: Props) => {
    if (failure) throw failure.error;
    if (!Loaded) throw loadOnce();
    return <Loaded {...props} />;
  };
  return Object.assign(Component, {
    load: () => {
      failure = undefined;
      return loadOnce();
    },
  });
}

const deferred = new Set<() => Promise<void>>();

/**
 * A lazy component that the browser fetches after the page's code (HydrateOnInteraction) but the
 * server renders with the page: loadDeferredComponents() fetches it there first.
 */
export function deferredComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  const component = lazyComponent(load);
  deferred.add(component.load);
  return component;
}

/**
 * Loads every deferred component the loaded modules have created: the server renders
 * synchronously (entry-server.tsx), so the code of all a page shows must be there first.
 */
export async function loadDeferredComponents(): Promise<void> {
  await Promise.all([...deferred].map((load) => load()));
}
