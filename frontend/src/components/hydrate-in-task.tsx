import { createContext, Suspense, useContext, useState, type ReactNode } from 'react';
import { isHydrating } from '../lib/hydration';
import { nextTask } from '../lib/next-task';

interface Part {
  /** Waiting for its task, being adopted (its first render), or live. */
  state: 'waiting' | 'adopting' | 'live';
  opened: Promise<void>;
  open: () => void;
}

/** Parts met while adopting the page, each adopted in a task of its own (hydrateWaitingParts). */
const waiting: Part[] = [];

/** The part a component is in, if any. */
const PartContext = createContext<Part | null>(null);

/**
 * Whether this component's first render adopts the server's HTML: while the app hydrates the
 * page, or a part of it hydrated later (HydrateInTask). Read it on the first render.
 */
export function useAdoptsServerHtml(): boolean {
  return useContext(PartContext)?.state === 'adopting' || isHydrating();
}

function Gate({ part, children }: { part: Part | null; children: ReactNode }) {
  // Suspended while the page is adopted: Preact keeps the server's HTML meanwhile and adopts it
  // when the part renders.
  if (part?.state === 'waiting') throw part.opened;
  return (
    <PartContext.Provider value={part}>
      {/* One element: Preact adopts a suspended part's first node only. */}
      <div style={{ display: 'contents' }}>{children}</div>
    </PartContext.Provider>
  );
}

/**
 * A part of the page the app adopts in a task of its own, after the rest: adopting a whole page
 * at once would hold a phone's main thread for one long task. Until then it shows the server's
 * HTML, which does not answer input yet. Renders as its children on the server and in a page the
 * app renders from scratch; `fallback` shows there while its children wait for their code.
 *
 * Not for a part that stays while its content comes and goes behind another boundary (a layout
 * around its pages): Preact would later remove the adopted HTML's range with it.
 */
export function HydrateInTask({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const adopting = useAdoptsServerHtml();
  // Kept here, above the boundary: Preact renders a suspended component anew when it resumes.
  const [part] = useState(() => {
    if (!adopting) return null;
    const created: Part = { state: 'waiting', opened: Promise.resolve(), open: () => {} };
    created.opened = new Promise<void>((resolve) => (created.open = resolve));
    waiting.push(created);
    return created;
  });
  return (
    <Suspense fallback={part ? null : fallback}>
      <Gate part={part}>{children}</Gate>
    </Suspense>
  );
}

/** Adopts the parts that waited (start-app.tsx, after hydrating), one per task, in page order. */
export async function hydrateWaitingParts(): Promise<void> {
  await nextTask();
  while (waiting.length > 0) {
    const part = waiting.shift()!;
    part.state = 'adopting';
    part.open();
    // The part renders in this task's microtasks: the parts inside it are waiting by the next.
    await nextTask();
    part.state = 'live';
  }
  // The last part's effects run in a task queued during its render, before this one.
  await nextTask();
}
