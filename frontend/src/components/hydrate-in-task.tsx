import { createContext, Suspense, useContext, useState, type ReactNode } from 'react';
import { isHydrating } from '../lib/hydration';
import { nextTask } from '../lib/next-task';

/** Parts met while adopting the page, each opened in a task of its own (hydrateWaitingParts). */
const waiting: (() => void)[] = [];

/** True inside a part whose first render adopts server HTML (see useAdoptsServerHtml). */
const AdoptingContext = createContext(false);

/**
 * Whether this component's first render adopts the server's HTML: while the app hydrates the
 * page, or inside a part of it hydrated later (HydrateInTask). Read it on the first render.
 */
export function useAdoptsServerHtml(): boolean {
  return useContext(AdoptingContext) || isHydrating();
}

interface PartGate {
  open: boolean;
  opened: Promise<void>;
}

function Gate({ gate, children }: { gate: PartGate | null; children: ReactNode }) {
  // Suspended while the page is adopted: Preact keeps the server's HTML meanwhile and adopts it
  // when the part renders.
  if (gate && !gate.open) throw gate.opened;
  return (
    <AdoptingContext.Provider value={gate !== null}>
      {/* One element: Preact adopts a suspended part's first node only. */}
      <div style={{ display: 'contents' }}>{children}</div>
    </AdoptingContext.Provider>
  );
}

/**
 * A part of the page the app adopts in a task of its own, after the rest: adopting a whole page
 * at once would hold a phone's main thread for one long task. Until then it shows the server's
 * HTML, which does not answer input yet. Renders as its children on the server and in a page the
 * app renders from scratch.
 */
export function HydrateInTask({ children }: { children: ReactNode }) {
  const adopting = useAdoptsServerHtml();
  // Kept here, above the boundary: Preact renders a suspended component anew when it resumes.
  const [gate] = useState(() => {
    if (!adopting) return null;
    const part: PartGate = { open: false, opened: Promise.resolve() };
    part.opened = new Promise<void>((resolve) => {
      waiting.push(() => {
        part.open = true;
        resolve();
      });
    });
    return part;
  });
  return (
    <Suspense fallback={null}>
      <Gate gate={gate}>{children}</Gate>
    </Suspense>
  );
}

/** Adopts the parts that waited (start-app.tsx, after hydrating), one per task, in page order. */
export async function hydrateWaitingParts(): Promise<void> {
  await nextTask();
  while (waiting.length > 0) {
    waiting.shift()!();
    // The part renders in this task's microtasks: the parts inside it are waiting by the next.
    await nextTask();
  }
  // The last part's effects run in a task queued during its render, before this one.
  await nextTask();
}
