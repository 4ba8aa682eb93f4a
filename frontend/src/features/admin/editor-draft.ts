import type { PostFormValues } from './post-form-schema';

const DRAFT_STORAGE_KEY = 'giftcast-admin-draft';

/** What the open editor holds: kept across a forced re-login so no typed text is lost. */
export interface EditorDraft {
  /** The post being edited, or null for a new one. */
  postId: string | null;
  values: PostFormValues;
}

export function readDraft(): EditorDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as EditorDraft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: EditorDraft): void {
  try {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft lives only as long as the editor.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
