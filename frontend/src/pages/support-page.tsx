import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { telOf } from '@giftcast/contract/site-contact';
import { Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { InquiryForm } from '../features/inquiry/components/inquiry-form';
import { SupportFaq } from '../features/inquiry/components/support-faq';
import { env } from '../lib/env';

export function SupportPage() {
  const { t } = useTranslation();
  const formHeadingId = useId();
  const directHeadingId = useId();
  // Dialable form of the configured number: digits and a leading '+' only.
  const tel = telOf(env.CONTACT_PHONE);

  return (
    <>
      <PageHead title={t('support.title')} description={t('support.description')} />
      <PageIntro heading={t('support.heading')} intro={t('support.intro')} />
      <Container maxW="3xl" pb={{ base: '12', md: '20' }}>
        <Stack gap={{ base: '12', md: '16' }}>
          <SupportFaq />
          <Box as="section" aria-labelledby={formHeadingId}>
            <Stack gap="5">
              <Stack gap="2">
                <Heading as="h2" size="2xl" id={formHeadingId}>
                  {t('support.formHeading')}
                </Heading>
                <Text color="fg.muted">{t('support.formLead')}</Text>
              </Stack>
              <InquiryForm kind="contact" />
            </Stack>
          </Box>
          <Box
            as="section"
            aria-labelledby={directHeadingId}
            bg="colorPalette.subtle"
            rounded="2xl"
            p={{ base: '5', md: '6' }}
          >
            <Stack gap="1" align="flex-start">
              <Heading as="h2" size="md" id={directHeadingId} mb="2">
                {t('support.directHeading')}
              </Heading>
              <Link href={`mailto:${env.CONTACT_EMAIL}`} color="colorPalette.fg" minHeight="11" gap="2">
                <Mail aria-hidden size={18} />
                {t('support.directEmail', { email: env.CONTACT_EMAIL })}
              </Link>
              <Link href={`tel:${tel}`} color="colorPalette.fg" minHeight="11" gap="2">
                <Phone aria-hidden size={18} />
                {t('support.directPhone', { phone: env.CONTACT_PHONE })}
              </Link>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
