import { createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { isHydrating, isServerRendering } from '../lib/hydration';
import { i18n, type Language } from '../lib/i18n';
import { interaction } from '../lib/interaction';
import { nextTask } from '../lib/next-task';

interface Part {
  /** Waiting for its task, being adopted (its first render), or live. */
  state: 'waiting' | 'adopting' | 'live';
  opened: Promise<void>;
  open: () => void;
  /** The language of the server's HTML. */
  language: Language;
  /** What the part waits for besides its turn (HydrateOnInteraction). */
  until?: () => Promise<void>;
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
  // The language changed while the part waited: adopting keeps attributes (labels, placeholders)
  // as the server wrote them, so its HTML is dropped instead and the part rendered anew.
  const [stale, setStale] = useState(() => part?.state === 'adopting' && part.language !== i18n.language);
  useEffect(() => {
    if (stale) setStale(false);
  }, [stale]);
  return (
    <PartContext.Provider value={stale ? null : part}>
      {/* One element: Preact adopts a suspended part's first node only. */}
      <div style={{ display: 'contents' }}>{stale ? null : children}</div>
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
export function HydrateInTask({
  children,
  fallback = null,
  until,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  /** Adopted only once this resolves too (HydrateOnInteraction). */
  until?: () => Promise<void>;
}) {
  const adopting = useAdoptsServerHtml();
  // Kept here, above the boundary: Preact renders a suspended component anew when it resumes.
  const [part] = useState(() => {
    if (!adopting) return null;
    const created: Part = {
      state: 'waiting',
      opened: Promise.resolve(),
      open: () => {},
      language: i18n.language,
      until,
    };
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

/**
 * A part of a server-rendered page whose code comes with the visitor's first interaction with the
 * page (a touch, a key, the pointer or the page moving), not with the page: `load` fetches it. It
 * shows the server's HTML until then, so it must read well and be safe to use without its code (a
 * form: fields to type in, whose text the code adopts, and the submit button disabled). Where the
 * app renders from scratch it renders at once, its code fetched with the page's.
 */
export function HydrateOnInteraction({ children, load }: { children: ReactNode; load: () => Promise<void> }) {
  const adopting = useAdoptsServerHtml();
  const [until] = useState(() => {
    if (!adopting) return undefined;
    // Heard from the moment the app adopts the page: what the visitor does while it starts counts.
    const interacted = interaction();
    return async () => {
      await interacted;
      for (;;) {
        try {
          return await load();
        } catch {
          // Offline, or the site was deployed anew: tried again at the next interaction.
          await interaction();
        }
      }
    };
  });
  // From scratch, a part still without its code suspends the page, which shows its spinner till then.
  if (!until && !isServerRendering()) return <>{children}</>;
  return <HydrateInTask until={until}>{children}</HydrateInTask>;
}

async function adopt(part: Part): Promise<void> {
  part.state = 'adopting';
  part.open();
  // The part renders in this task's microtasks: the parts inside it are waiting by the next.
  await nextTask();
  part.state = 'live';
}

/** Adopts the parts that waited (start-app.tsx, after hydrating), one per task, in page order. */
export async function hydrateWaitingParts(): Promise<void> {
  await nextTask();
  while (waiting.length > 0) {
    const part = waiting.shift()!;
    if (part.until) {
      void part.until().then(async () => {
        await adopt(part);
        await hydrateWaitingParts();
      });
    } else {
      await adopt(part);
    }
  }
  // The last part's effects run in a task queued during its render, before this one.
  await nextTask();
}
