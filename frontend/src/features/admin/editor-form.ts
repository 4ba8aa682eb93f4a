import { useEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { showToast } from '../../components/toaster';
import { useTranslation } from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { isUnauthorized } from './api/admin-request';
import type { Draft, DraftStore } from './editor-draft';

// What the admin's editors (posts, testimonials) share around their react-hook-form form.

type EditorForm<Values extends FieldValues, Output extends FieldValues> = UseFormReturn<Values, unknown, Output>;

/** What a screen gives its editor. */
export interface EditorProps<Values> {
  token: string;
  draft: Draft<Values>;
  onClose: () => void;
  onUnauthorized: () => void;
}

interface EditorFormOptions<Values extends FieldValues, Output extends FieldValues> {
  resolver: Resolver<Values, unknown, Output>;
  /** What the editor opens on: the record's id (null for a new one) and the values to start from. */
  draft: Draft<Values>;
  /** Where every change is kept until the editor closes. */
  store: DraftStore<Values>;
  onClose: () => void;
  onUnauthorized: () => void;
}

/**
 * An editor's form, its draft kept in `store` so a forced re-login loses no typed text, and what
 * ends it: `close` drops the draft; `saved` toasts and closes; `saveFailed` sends a rejected
 * session back to the login form, or puts the server's messages under their fields and toasts
 * `message`.
 */
export function useEditorForm<Values extends FieldValues, Output extends FieldValues>({
  resolver,
  draft,
  store,
  onClose,
  onUnauthorized,
}: EditorFormOptions<Values, Output>) {
  const { t } = useTranslation();
  const form: EditorForm<Values, Output> = useForm<Values, unknown, Output>({
    resolver,
    // TypeScript cannot see that a generic Values fits react-hook-form's deep-partial defaults type.
    defaultValues: draft.values as DefaultValues<Values>,
  });
  useKeptDraft(form, store, draft.id);

  const close = () => {
    store.clear();
    onClose();
  };
  const saved = () => {
    showToast({ type: 'success', title: t('admin.saved') });
    close();
  };
  const saveFailed = (error: unknown, message: string) => {
    if (showSaveError(error, form, onUnauthorized))
      showToast({ type: 'error', title: t('admin.error'), description: message });
  };

  return { form, close, saved, saveFailed };
}

/** Keeps every change of the open editor in `store`. */
function useKeptDraft<Values extends FieldValues, Output extends FieldValues>(
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
function showSaveError<Values extends FieldValues, Output extends FieldValues>(
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
