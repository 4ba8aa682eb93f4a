import { Field, Flex, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { TESTIMONIAL_LIMITS } from '@giftcast/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useSaveTestimonial } from '../api/use-admin-testimonials';
import { testimonialDraft } from '../editor-draft';
import { useEditorForm, type EditorProps } from '../editor-form';
import {
  createTestimonialSchema,
  RATINGS,
  testimonialFormToInput,
  type TestimonialField,
  type TestimonialFormOutput,
  type TestimonialFormValues,
} from '../testimonial-form-schema';
import { EditorCard } from './editor-card';
import { EditorCheckbox } from './editor-checkbox';
import { EditorTextField } from './editor-text-field';

type TextField = Exclude<TestimonialField, 'rating' | 'featured'>;

/** Create or edit one testimonial; typed text survives a forced re-login as a draft. */
export function TestimonialEditor({ token, draft, onClose, onUnauthorized }: EditorProps<TestimonialFormValues>) {
  const { t } = useTranslation();
  const save = useSaveTestimonial(token);
  const resolver = useMemo(() => zodResolver(createTestimonialSchema(t)), [t]);
  const { form, close, saved, saveFailed } = useEditorForm<TestimonialFormValues, TestimonialFormOutput>({
    resolver,
    draft,
    store: testimonialDraft,
    onClose,
    onUnauthorized,
  });
  const { errors } = useFormState({ control: form.control, name: 'rating' });
  const isEdit = draft.id !== null;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: draft.id, input: testimonialFormToInput(values) },
      {
        onSuccess: saved,
        onError: (error) =>
          saveFailed(error, t(isEdit ? 'admin.testimonials.updateFailed' : 'admin.testimonials.createFailed')),
      },
    );
  });

  const text = (name: TextField, options: { required?: boolean; multiline?: boolean; type?: 'url' } = {}) => (
    <EditorTextField
      form={form}
      name={name}
      label={t(`admin.testimonials.fields.${name}`)}
      maxLength={TESTIMONIAL_LIMITS[name].max}
      {...options}
    />
  );

  return (
    <EditorCard
      heading={t(isEdit ? 'admin.testimonials.edit' : 'admin.testimonials.new')}
      onSubmit={onSubmit}
      onCancel={close}
      saving={save.isPending}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {text('name', { required: true })}
        {text('nameEn')}
        {text('role', { required: true })}
        {text('roleEn')}
        {text('content', { required: true, multiline: true })}
        {text('contentEn', { multiline: true })}
        {text('imageUrl', { type: 'url' })}
        {text('videoUrl', { type: 'url' })}
      </SimpleGrid>
      <Flex gap="6" wrap="wrap" align="flex-end">
        <Field.Root invalid={!!errors.rating} maxW="12rem">
          <Field.Label>{t('admin.testimonials.fields.rating')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('rating')}>
              {RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {t('admin.testimonials.ratingOption', { count: Number(rating) })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.rating?.message}</Field.ErrorText>
        </Field.Root>
        <EditorCheckbox form={form} name="featured" label={t('admin.testimonials.fields.featured')} />
      </Flex>
    </EditorCard>
  );
}
