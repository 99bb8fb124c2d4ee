import { lazy, Suspense, useReducer, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ExposedName, RemoteName } from 'shared/federation';
import { ErrorBoundary, Spinner } from 'shared/ui';
import { loadRemoteModule } from './load-remote-module';
import { RemoteFallback } from './remote-fallback';
import { findIncompatibility } from './version-guard';

type AnyComponent = ComponentType<Record<string, unknown>>;

const components = new Map<string, LazyExoticComponent<AnyComponent>>();

function lazyRemote(id: string, load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<AnyComponent> {
  const component = lazy(() =>
    load().catch((error: unknown) => {
      components.delete(id);
      throw error;
    }),
  ) as LazyExoticComponent<AnyComponent>;
  components.set(id, component);
  return component;
}

/** One lazy component per exposed module, replaced after a failure so a retry loads again. */
function remoteComponent(remote: RemoteName, exposed: string): LazyExoticComponent<AnyComponent> {
  const id = `${remote}/${exposed}`;
  return components.get(id) ?? lazyRemote(id, () => loadRemoteModule(remote, exposed));
}

/**
 * Hands the slot a load already under way (the shell's, before hydrating a
 * prerendered page): its first render uses that outcome, so a remote that
 * could not be loaded shows its fallback at once instead of being tried again.
 */
export function primeRemoteSlot(remote: RemoteName, exposed: string, pending: Promise<{ default: ComponentType }>): void {
  lazyRemote(`${remote}/${exposed}`, () => pending);
}

/** A remote and one of the modules the federation contract says it exposes (typed per remote). */
type RemoteSlotProps = {
  [R in RemoteName]: {
    remote: R;
    /** The exposed module, without `./`; `Routes` when omitted. */
    exposed?: ExposedName<R>;
    /** `page` fills the main area; `widget` is a small floating slot (the chat). */
    variant?: 'page' | 'widget';
    /** Shown while the remote loads; a spinner for a page, nothing for a widget when omitted. */
    loading?: ReactNode;
    /** Handed to the exposed component, as its entry in the federation contract describes. */
    props?: Record<string, unknown>;
  };
}[RemoteName];

/**
 * Where a remote renders inside the shell. Loading shows a spinner; a remote
 * that cannot be loaded, or that throws while rendering, shows a translated
 * fallback with a retry button, and only this slot is affected.
 */
export function RemoteSlot({ remote, exposed = 'Routes', variant = 'page', loading, props }: RemoteSlotProps) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const Component = remoteComponent(remote, exposed);
  return (
    <ErrorBoundary
      onError={(error) => console.warn(`Remote ${remote} failed`, error)}
      fallback={(error, reset) => (
        <RemoteFallback
          variant={variant}
          incompatible={findIncompatibility(error) !== undefined}
          onRetry={() => {
            components.delete(`${remote}/${exposed}`);
            reset();
            rerender();
          }}
        />
      )}
    >
      <Suspense fallback={loading ?? (variant === 'page' ? <Spinner /> : null)}>
        <Component {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
