import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { SUBSCRIBER_LIMITS } from '@giftcast/contract/limits';
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSubscribe } from '../api/use-subscribe';

/** "Get notified of new posts": one email field and a subscribe button. */
export function NewsletterBox() {
  const { t } = useTranslation();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const subscribe = useSubscribe();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === '' || subscribe.isPending) return;

    subscribe.mutate(address, {
      onSuccess: (body) => {
        showToast({
          type: 'success',
          title: t('newsletter.successTitle'),
          description: body.message || t('newsletter.successDescription'),
        });
        setEmail('');
      },
      onError: (error) => {
        showToast({
          type: 'error',
          title: t('newsletter.errorTitle'),
          description: errorMessage(error) ?? t('newsletter.errorDescription'),
        });
      },
    });
  }

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.border"
      rounded="2xl"
      p={{ base: '6', md: '8' }}
    >
      <Stack gap="4">
        <Flex align="center" gap="3">
          <Flex
            align="center"
            justify="center"
            boxSize="10"
            rounded="full"
            bg="colorPalette.solid"
            color="colorPalette.contrast"
            flexShrink={0}
          >
            <Mail aria-hidden size={20} />
          </Flex>
          <Heading as="h2" id={headingId} size="lg">
            {t('newsletter.title')}
          </Heading>
        </Flex>
        <Text color="fg.muted">{t('newsletter.description')}</Text>
        <form method="post" onSubmit={handleSubmit}>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'flex-end' }}>
            <Field.Root flex="1">
              <Field.Label>{t('newsletter.emailLabel')}</Field.Label>
              <Input
                type="email"
                name="email"
                required
                autoComplete="email"
                inputMode="email"
                maxLength={SUBSCRIBER_LIMITS.email.max}
                placeholder={t('newsletter.emailPlaceholder')}
                value={email}
                onChange={(event) => {
                  event.target.setCustomValidity('');
                  setEmail(event.target.value);
                }}
                // The spec's message, in the page's language, in the browser's own bubble.
                onInvalid={(event) => {
                  if (event.currentTarget.validity.typeMismatch) {
                    event.currentTarget.setCustomValidity(t('newsletter.emailInvalid'));
                  }
                }}
                bg="bg"
                size="lg"
                data-testid="newsletter-email"
              />
            </Field.Root>
            <Button type="submit" size="lg" loading={subscribe.isPending} loadingText={t('newsletter.subscribing')}>
              {t('newsletter.subscribe')}
            </Button>
          </Flex>
        </form>
      </Stack>
    </Box>
  );
}
