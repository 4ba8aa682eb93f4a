import type { PostFormValues } from './post-form-schema';
import type { TestimonialFormValues } from './testimonial-form-schema';

/** What an open editor holds: kept across a forced re-login so no typed text is lost. */
export interface Draft<Values> {
  /** The record being edited, or null for a new one. */
  id: string | null;
  values: Values;
}

export interface DraftStore<Values> {
  read(): Draft<Values> | null;
  write(draft: Draft<Values>): void;
  clear(): void;
}

function draftStore<Values>(storageKey: string): DraftStore<Values> {
  return {
    read(): Draft<Values> | null {
      try {
        const raw = sessionStorage.getItem(storageKey);
        return raw ? (JSON.parse(raw) as Draft<Values>) : null;
      } catch {
        return null;
      }
    },
    write(draft: Draft<Values>): void {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(draft));
      } catch {
        // Storage full or blocked: the draft lives only as long as the editor.
      }
    },
    clear(): void {
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // Nothing stored.
      }
    },
  };
}

export const postDraft = draftStore<PostFormValues>('giftcast-admin-draft');
export const testimonialDraft = draftStore<TestimonialFormValues>('giftcast-admin-testimonial-draft');

/** Logging out ends every unsaved edit on purpose. */
export function clearAllDrafts(): void {
  postDraft.clear();
  testimonialDraft.clear();
}
