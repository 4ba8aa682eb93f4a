import {
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, X } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { errorStatus } from '../api/admin-request';
import { useSavePost } from '../api/use-admin-posts';
import { postDraft, type Draft } from '../editor-draft';
import { showSaveError, useKeptDraft } from '../editor-form';
import {
  createPostSchema,
  formValuesToInput,
  POST_LIMITS,
  toSlug,
  type PostField,
  type PostFormOutput,
  type PostFormValues,
} from '../post-form-schema';

type TextField = Exclude<PostField, 'published'>;
type PostForm = UseFormReturn<PostFormValues, unknown, PostFormOutput>;

interface PostEditorProps {
  token: string;
  draft: Draft<PostFormValues>;
  onClose: () => void;
  onUnauthorized: () => void;
}

/** Create or edit one post. Every change is kept as a draft until it is saved or cancelled. */
export function PostEditor({ token, draft, onClose, onUnauthorized }: PostEditorProps) {
  const { t } = useTranslation();
  const save = useSavePost(token);
  const schema = useMemo(() => createPostSchema(t), [t]);
  const form: PostForm = useForm<PostFormValues, unknown, PostFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: draft.values,
  });
  const { handleSubmit, reset, setError, control } = form;
  const isEdit = draft.id !== null;

  useKeptDraft(form, postDraft, draft.id);

  const close = () => {
    postDraft.clear();
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: draft.id, input: formValuesToInput(values) },
      {
        onSuccess: () => {
          showToast({ type: 'success', title: t('admin.saved') });
          close();
        },
        onError: (error) => {
          if (!showSaveError(error, form, onUnauthorized)) return;
          // A duplicate slug is a conflict, not a validation failure; it belongs under the slug.
          const serverMessage = errorMessage(error);
          if (errorStatus(error) === 409 && serverMessage) {
            setError('slug', { type: 'server', message: serverMessage });
          }
          showToast({
            type: 'error',
            title: t('admin.error'),
            description: t(isEdit ? 'admin.updateFailed' : 'admin.createFailed'),
          });
        },
      },
    );
  });

  return (
    <Card.Root asChild variant="outline">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="post-editor-heading">
        <Card.Header>
          <Heading as="h2" size="lg" id="post-editor-heading">
            {t(isEdit ? 'admin.editPost' : 'admin.newPost')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <PostTextField form={form} name="title" label={t('admin.fields.title')} required />
              <PostTextField form={form} name="titleEn" label={t('admin.fields.titleEn')} />
              <PostTextField form={form} name="excerpt" label={t('admin.fields.excerpt')} required multiline rows={3} />
              <PostTextField form={form} name="excerptEn" label={t('admin.fields.excerptEn')} multiline rows={3} />
              <PostTextField
                form={form}
                name="content"
                label={t('admin.fields.content')}
                required
                multiline
                rows={12}
              />
              <PostTextField form={form} name="contentEn" label={t('admin.fields.contentEn')} multiline rows={12} />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <PostTextField
                form={form}
                name="thumbnailUrl"
                label={t('admin.fields.thumbnailUrl')}
                type="url"
                placeholder="https://"
              />
              <PostTextField
                form={form}
                name="slug"
                label={t('admin.fields.slug')}
                required
                helper={t('admin.slugHelp')}
                transform={toSlug}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="published"
              render={({ field }) => (
                <Checkbox.Root
                  checked={field.value}
                  onCheckedChange={({ checked }) => field.onChange(checked === true)}
                  name={field.name}
                >
                  <Checkbox.HiddenInput onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('admin.fields.published')}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          </Stack>
        </Card.Body>
        <Card.Footer>
          <Flex gap="3" wrap="wrap" justify="flex-end" width="100%">
            <Button type="button" variant="outline" onClick={close} disabled={save.isPending}>
              <X aria-hidden />
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} loadingText={t('admin.saving')}>
              <Save aria-hidden />
              {t('admin.save')}
            </Button>
          </Flex>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

const LIMITS: Record<TextField, { max?: number }> = {
  ...POST_LIMITS,
  thumbnailUrl: {},
};

interface PostTextFieldProps {
  form: PostForm;
  name: TextField;
  label: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  placeholder?: string;
  helper?: string;
  /** Rewrites the text as it is typed (the slug). */
  transform?: (value: string) => string;
}

/** A labelled input or textarea with its limit as maxLength, a live counter and its error. */
function PostTextField({
  form,
  name,
  label,
  required = false,
  multiline = false,
  rows,
  type = 'text',
  placeholder,
  helper,
  transform,
}: PostTextFieldProps) {
  const { register, control } = form;
  // Subscribed per field, so a keystroke re-renders only the field typed in.
  const length = (useWatch({ control, name }) ?? '').length;
  const { errors } = useFormState({ control, name });
  const max = LIMITS[name].max;
  const error = errors[name]?.message;
  const registration = register(name);
  // The rewrite has to happen before react-hook-form reads the value, so it wraps onChange.
  const onChange: typeof registration.onChange = transform
    ? (event) => {
        const target = event.target as HTMLInputElement;
        target.value = transform(target.value);
        return registration.onChange(event);
      }
    : registration.onChange;
  const fieldProps = { ...registration, onChange, maxLength: max, placeholder };

  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? <Textarea rows={rows} {...fieldProps} /> : <Input type={type} {...fieldProps} />}
      <Flex justify="space-between" gap="3" width="100%">
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{helper}</Field.HelperText>}
        {max !== undefined && (
          <Text ms="auto" flexShrink={0} textStyle="xs" color="fg.muted" data-testid={`${name}-counter`}>
            {length}/{max}
          </Text>
        )}
      </Flex>
    </Field.Root>
  );
}
