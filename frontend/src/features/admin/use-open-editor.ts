import { useState } from 'react';
import type { Draft, DraftStore } from './editor-draft';

/**
 * The record a screen's editor is open on, if any. A draft left by a session that expired
 * mid-edit opens it again with its text; each `open` starts a fresh form (`key` changes).
 */
export function useOpenEditor<Values>(store: DraftStore<Values>) {
  const [draft, setDraft] = useState<Draft<Values> | null>(() => store.read());
  const [key, setKey] = useState(0);

  const open = (next: Draft<Values>) => {
    store.clear();
    setDraft(next);
    setKey((current) => current + 1);
  };
  const close = () => setDraft(null);
  /** After `id` was deleted: an editor open on it closes, its draft dropped. */
  const forget = (id: string) => {
    if (draft?.id !== id) return;
    store.clear();
    setDraft(null);
  };

  return { draft, key, open, close, forget };
}
