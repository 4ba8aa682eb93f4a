import { Button, Card, Field, Flex, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { INQUIRY_LIMITS } from '@giftcast/contract/limits';
import { CircleCheck, Send } from 'lucide-react';
import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type HTMLAttributes,
} from 'react';
import { useForm, useFormState, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { trackEvent } from '../../../lib/analytics';
import { errorMessage } from '../../../lib/api-client';
import { useSubmitInquiry } from '../api/use-submit-inquiry';
import { emptyInquiryValues, formValuesToInput, type InquiryKind } from '../inquiry-fields';
import type { InquiryResolver } from '../inquiry-resolver';
import type { InquiryField, InquiryFormOutput, InquiryFormValues } from '../inquiry-schema';

/**
 * The form's validation (zod) comes with the first check or the first focus on the form, not with
 * the page: most visitors of /support and /partner never type into it.
 */
const loadValidation = () => import('../inquiry-resolver');

type InquiryFormApi = UseFormReturn<InquiryFormValues, unknown, InquiryFormOutput>;

/**
 * The partner (/partner) and contact (/support) inquiry form. After a successful submission the
 * form gives way to a success card whose button brings back an empty form.
 */
export function InquiryForm({ kind }: { kind: InquiryKind }) {
  const { t } = useTranslation();
  const resolver = useMemo<InquiryResolver>(
    () =>
      async (...args) =>
        (await loadValidation()).inquiryResolver(t)(...args),
    [t],
  );
  // No default values: each field starts with what its input holds, so text typed into the
  // server-rendered form before the page was hydrated is kept.
  const form: InquiryFormApi = useForm<InquiryFormValues, unknown, InquiryFormOutput>({ resolver });
  const { handleSubmit, reset, trigger, setFocus, formState } = form;
  const submit = useSubmitInquiry(kind);
  const [sent, setSent] = useState(false);
  // Where keyboard and screen-reader focus goes once the card or the form has been swapped in.
  const focusNext = useRef<'success' | 'form' | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);

  // Messages shown under the fields follow a language switch instead of staying in the old one.
  // Only new validation (a new language) re-validates; errors changing must not.
  const revalidateShown = useEffectEvent(() => {
    const shown = Object.keys(formState.errors) as InquiryField[];
    if (shown.length > 0) void trigger(shown);
  });
  useEffect(() => revalidateShown(), [resolver]);

  useEffect(() => {
    if (focusNext.current === 'success' && sent) successHeading.current?.focus();
    if (focusNext.current === 'form' && !sent) setFocus('name');
    focusNext.current = null;
  }, [sent, setFocus]);

  const send = (values: InquiryFormOutput) => {
    if (submit.isPending) return; // one inquiry per click, even if a second submit slips through
    submit.mutate(formValuesToInput(values), {
      onSuccess: () => {
        if (kind === 'partner') {
          showToast({
            type: 'success',
            title: t('inquiry.partner.successToast'),
            description: t('inquiry.partner.successToastDescription'),
          });
        } else {
          showToast({
            type: 'success',
            title: t('inquiry.contact.successToast'),
            description: t('inquiry.contact.successToastDescription'),
          });
          trackEvent('contact_form_submit', { category: 'contact', label: 'success' });
        }
        reset(emptyInquiryValues);
        focusNext.current = 'success';
        setSent(true);
      },
      onError: (error) => {
        if (kind === 'partner') {
          showToast({
            type: 'error',
            title: t('inquiry.partner.errorTitle'),
            description: errorMessage(error) ?? t('inquiry.partner.errorFallback'),
          });
        } else {
          // The spec's contact failure: one message, as both title and description.
          showToast({ type: 'error', title: t('inquiry.contact.error'), description: t('inquiry.contact.error') });
          trackEvent('contact_form_submit', { category: 'contact', label: 'failure' });
        }
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);

  const startOver = () => {
    submit.reset();
    reset(emptyInquiryValues);
    focusNext.current = 'form';
    setSent(false);
  };

  if (sent) {
    return (
      <Card.Root variant="outline" rounded="2xl" data-testid={`inquiry-success-${kind}`}>
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center" py={{ base: '4', md: '8' }}>
            <Flex
              align="center"
              justify="center"
              boxSize="14"
              rounded="full"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
            >
              <CircleCheck aria-hidden size={32} />
            </Flex>
            {/* h3: the page's section (partner consultation, contact) carries the h2. */}
            <Heading as="h3" size="xl" ref={successHeading} tabIndex={-1} outline="none">
              {t(`inquiry.${kind}.successTitle`)}
            </Heading>
            <Text color="fg.muted" maxW="md">
              {t(`inquiry.${kind}.successText`)}
            </Text>
            <Button type="button" size="lg" variant="outline" onClick={startOver}>
              {t('inquiry.submitNew')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root asChild variant="outline" rounded="2xl">
      <form
        // Sent before the page's code runs, the browser's own submission carries no text in the
        // address (a POST the server refuses); from then on the app sends it.
        method="post"
        onSubmit={onSubmit}
        onFocus={() => void loadValidation()}
        noValidate
        aria-label={t(`inquiry.${kind}.formLabel`)}
        data-testid={`inquiry-form-${kind}`}
      >
        <Card.Body>
          <Stack gap="5">
            <Text textStyle="sm" color="fg.muted">
              {t('inquiry.requiredNote')}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <InquiryTextField
                form={form}
                name="name"
                label={t(`inquiry.${kind}.name`)}
                required
                autoComplete={kind === 'partner' ? 'organization' : 'name'}
                maxLength={INQUIRY_LIMITS.name.max}
              />
              <InquiryTextField
                form={form}
                name="email"
                label={t('inquiry.fields.email')}
                required
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t('inquiry.emailPlaceholder')}
                maxLength={INQUIRY_LIMITS.email.max}
              />
            </SimpleGrid>
            <InquiryTextField
              form={form}
              name="phone"
              label={t('inquiry.fields.phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('inquiry.phonePlaceholder')}
              maxLength={INQUIRY_LIMITS.phone.max}
            />
            <InquiryTextField
              form={form}
              name="message"
              label={t('inquiry.fields.message')}
              required
              multiline
              rows={kind === 'contact' ? 6 : 5}
              placeholder={t(`inquiry.${kind}.messagePlaceholder`)}
              maxLength={INQUIRY_LIMITS.message.max}
            />
          </Stack>
        </Card.Body>
        <Card.Footer>
          <Button
            type="submit"
            size="lg"
            width={{ base: 'full', sm: 'auto' }}
            loading={submit.isPending}
            loadingText={t('inquiry.submitting')}
          >
            <Send aria-hidden />
            {t(`inquiry.${kind}.submit`)}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

interface InquiryTextFieldProps {
  form: InquiryFormApi;
  name: InquiryField;
  label: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength: number;
}

/**
 * A labelled input or textarea. Chakra's Field gives it `required` and `aria-invalid`; the
 * asterisk is hidden from screen readers, which announce the `required` state instead.
 */
function InquiryTextField({
  form,
  name,
  label,
  required = false,
  multiline = false,
  rows,
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  maxLength,
}: InquiryTextFieldProps) {
  const { errors } = useFormState({ control: form.control, name });
  const errorId = useId();
  const error = errors[name]?.message;
  const fieldProps = {
    ...form.register(name),
    placeholder,
    autoComplete,
    maxLength,
    size: 'lg' as const,
    // Ark links the error only through aria-errormessage, which many screen readers skip.
    'aria-describedby': error ? errorId : undefined,
  };

  return (
    <Field.Root invalid={!!error} required={required} ids={{ errorText: errorId }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? (
        <Textarea rows={rows} {...fieldProps} />
      ) : (
        <Input type={type} inputMode={inputMode} {...fieldProps} />
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
