import { SimpleGrid } from '@chakra-ui/react';
import { POST_LIMITS } from '@giftcast/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import { useSavePost } from '../api/use-admin-posts';
import { postDraft } from '../editor-draft';
import { useEditorForm, type EditorProps } from '../editor-form';
import {
  createPostSchema,
  formValuesToInput,
  toSlug,
  type PostField,
  type PostFormOutput,
  type PostFormValues,
} from '../post-form-schema';
import { EditorCard } from './editor-card';
import { EditorCheckbox } from './editor-checkbox';
import { EditorTextField } from './editor-text-field';

type TextField = Exclude<PostField, 'published'>;

/** Create or edit one post. Every change is kept as a draft until it is saved or cancelled. */
export function PostEditor({ token, draft, onClose, onUnauthorized }: EditorProps<PostFormValues>) {
  const { t } = useTranslation();
  const save = useSavePost(token);
  const resolver = useMemo(() => zodResolver(createPostSchema(t)), [t]);
  const { form, close, saved, saveFailed } = useEditorForm<PostFormValues, PostFormOutput>({
    resolver,
    draft,
    store: postDraft,
    onClose,
    onUnauthorized,
  });
  const isEdit = draft.id !== null;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: draft.id, input: formValuesToInput(values) },
      {
        onSuccess: saved,
        onError: (error) => {
          saveFailed(error, t(isEdit ? 'admin.updateFailed' : 'admin.createFailed'));
          // A duplicate slug is a conflict, not a validation failure; it belongs under the slug.
          const serverMessage = errorMessage(error);
          if (hasStatus(error, 409) && serverMessage) {
            form.setError('slug', { type: 'server', message: serverMessage });
          }
        },
      },
    );
  });

  // Every text but the URL shows its count against the spec's limit.
  const text = (
    name: TextField,
    options: { required?: boolean; rows?: number; type?: 'url'; helper?: string; transform?: typeof toSlug } = {},
  ) => (
    <EditorTextField
      form={form}
      name={name}
      label={t(`admin.fields.${name}`)}
      maxLength={POST_LIMITS[name].max}
      counted={options.type !== 'url'}
      multiline={options.rows !== undefined}
      {...options}
    />
  );

  return (
    <EditorCard
      heading={t(isEdit ? 'admin.editPost' : 'admin.newPost')}
      onSubmit={onSubmit}
      onCancel={close}
      saving={save.isPending}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {text('title', { required: true })}
        {text('titleEn')}
        {text('excerpt', { required: true, rows: 3 })}
        {text('excerptEn', { rows: 3 })}
        {text('content', { required: true, rows: 12 })}
        {text('contentEn', { rows: 12 })}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {text('thumbnailUrl', { type: 'url' })}
        {text('slug', { required: true, helper: t('admin.slugHelp'), transform: toSlug })}
      </SimpleGrid>
      <EditorCheckbox form={form} name="published" label={t('admin.fields.published')} />
    </EditorCard>
  );
}
