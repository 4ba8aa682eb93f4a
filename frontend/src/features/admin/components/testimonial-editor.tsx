import {
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, X } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { useSaveTestimonial } from '../api/use-admin-testimonials';
import { testimonialDraft, type Draft } from '../editor-draft';
import { showSaveError, useKeptDraft } from '../editor-form';
import {
  createTestimonialSchema,
  RATINGS,
  TESTIMONIAL_LIMITS,
  testimonialFormToInput,
  type TestimonialField,
  type TestimonialFormOutput,
  type TestimonialFormValues,
} from '../testimonial-form-schema';

type TestimonialForm = UseFormReturn<TestimonialFormValues, unknown, TestimonialFormOutput>;
type TextField = Exclude<TestimonialField, 'rating' | 'featured'>;

interface TestimonialEditorProps {
  token: string;
  draft: Draft<TestimonialFormValues>;
  onClose: () => void;
  onUnauthorized: () => void;
}

/** Create or edit one testimonial; typed text survives a forced re-login as a draft. */
export function TestimonialEditor({ token, draft, onClose, onUnauthorized }: TestimonialEditorProps) {
  const { t } = useTranslation();
  const save = useSaveTestimonial(token);
  const schema = useMemo(() => createTestimonialSchema(t), [t]);
  const form: TestimonialForm = useForm<TestimonialFormValues, unknown, TestimonialFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: draft.values,
  });
  const { handleSubmit, control, register, formState } = form;
  const isEdit = draft.id !== null;

  useKeptDraft(form, testimonialDraft, draft.id);

  const close = () => {
    testimonialDraft.clear();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: draft.id, input: testimonialFormToInput(values) },
      {
        onSuccess: () => {
          showToast({ type: 'success', title: t('admin.saved') });
          close();
        },
        onError: (error) => {
          if (!showSaveError(error, form, onUnauthorized)) return;
          showToast({
            type: 'error',
            title: t('admin.error'),
            description: t(isEdit ? 'admin.testimonials.updateFailed' : 'admin.testimonials.createFailed'),
          });
        },
      },
    );
  });

  const text = (name: TextField, options: { required?: boolean; multiline?: boolean; type?: string } = {}) => (
    <TestimonialTextField form={form} name={name} {...options} />
  );

  return (
    <Card.Root asChild variant="outline">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="testimonial-editor-heading">
        <Card.Header>
          <Heading as="h2" size="lg" id="testimonial-editor-heading">
            {t(isEdit ? 'admin.testimonials.edit' : 'admin.testimonials.new')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
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
              <Field.Root invalid={!!formState.errors.rating} maxW="12rem">
                <Field.Label>{t('admin.testimonials.fields.rating')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...register('rating')}>
                    {RATINGS.map((rating) => (
                      <option key={rating} value={rating}>
                        {t('admin.testimonials.ratingOption', { count: Number(rating) })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{formState.errors.rating?.message}</Field.ErrorText>
              </Field.Root>
              <Controller
                control={control}
                name="featured"
                render={({ field }) => (
                  <Checkbox.Root
                    checked={field.value}
                    onCheckedChange={({ checked }) => field.onChange(checked === true)}
                    name={field.name}
                    minH="11"
                  >
                    <Checkbox.HiddenInput onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('admin.testimonials.fields.featured')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              />
            </Flex>
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

const MAX_LENGTH: Record<TextField, number> = {
  name: TESTIMONIAL_LIMITS.name.max,
  nameEn: TESTIMONIAL_LIMITS.nameEn.max,
  role: TESTIMONIAL_LIMITS.role.max,
  roleEn: TESTIMONIAL_LIMITS.roleEn.max,
  content: TESTIMONIAL_LIMITS.content.max,
  contentEn: TESTIMONIAL_LIMITS.contentEn.max,
  imageUrl: TESTIMONIAL_LIMITS.url.max,
  videoUrl: TESTIMONIAL_LIMITS.url.max,
};

interface TestimonialTextFieldProps {
  form: TestimonialForm;
  name: TextField;
  required?: boolean;
  multiline?: boolean;
  type?: string;
}

function TestimonialTextField({
  form,
  name,
  required = false,
  multiline = false,
  type = 'text',
}: TestimonialTextFieldProps) {
  const { t } = useTranslation();
  const error = form.formState.errors[name]?.message;
  const props = {
    ...form.register(name),
    maxLength: MAX_LENGTH[name],
    placeholder: type === 'url' ? 'https://' : undefined,
  };

  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {t(`admin.testimonials.fields.${name}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? <Textarea rows={5} {...props} /> : <Input type={type} {...props} />}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
