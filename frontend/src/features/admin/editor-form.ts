import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { isUnauthorized } from './api/admin-request';
import type { DraftStore } from './editor-draft';

// What the admin's editors (posts, testimonials) share around their react-hook-form form.

type EditorForm<Values extends FieldValues, Output extends FieldValues> = UseFormReturn<Values, unknown, Output>;

/** Keeps every change of the open editor in `store`, so a forced re-login loses no typed text. */
export function useKeptDraft<Values extends FieldValues, Output extends FieldValues>(
  form: EditorForm<Values, Output>,
  store: DraftStore<Values>,
  id: string | null,
): void {
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values) => store.write({ id, values: values as Values }));
    return () => subscription.unsubscribe();
  }, [watch, store, id]);
}

/**
 * A save the server refused. A rejected session goes back to the login form and there is nothing
 * more to show (false); otherwise each message the server gave for a field of the form goes under
 * that field (true: the caller toasts the failure).
 */
export function showSaveError<Values extends FieldValues, Output extends FieldValues>(
  error: unknown,
  form: EditorForm<Values, Output>,
  onUnauthorized: () => void,
): boolean {
  if (isUnauthorized(error)) {
    onUnauthorized();
    return false;
  }
  const fields = form.getValues();
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  for (const { field, message } of details) {
    if (field in fields) form.setError(field as Path<Values>, { type: 'server', message });
  }
  return true;
}
