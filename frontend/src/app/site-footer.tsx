import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { telOf } from '@giftcast/contract/site-contact';
import { Gift, Mail, Phone } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageLink } from '../components/page-link';
import { env } from '../lib/env';

// Phones get finger-sized links; a pointer needs less.
const TAP_TARGET = { base: '11', md: '8' };

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <Box as="footer" bg="colorPalette.subtle" borderTopWidth="1px" borderColor="colorPalette.border" mt="16">
      <Container maxW="6xl" py={{ base: '10', md: '12' }}>
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="3" maxW="md">
            <HStack gap="2" color="colorPalette.fg" fontWeight="bold" fontSize="lg">
              <Gift aria-hidden size={22} />
              <Text as="span">{t('brand')}</Text>
            </HStack>
            <Text color="fg.muted">{t('footer.tagline')}</Text>
          </Stack>

          <Stack as="address" gap="2" fontStyle="normal">
            <Text fontWeight="semibold">{t('footer.contactHeading')}</Text>
            <Link href={`mailto:${env.CONTACT_EMAIL}`} color="fg.muted" minH={TAP_TARGET}>
              <Mail aria-hidden size={16} />
              {t('footer.email', { email: env.CONTACT_EMAIL })}
            </Link>
            <Link href={`tel:${telOf(env.CONTACT_PHONE)}`} color="fg.muted" minH={TAP_TARGET}>
              <Phone aria-hidden size={16} />
              {t('footer.phone', { phone: env.CONTACT_PHONE })}
            </Link>
          </Stack>
        </Flex>

        <Flex
          direction={{ base: 'column-reverse', sm: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          gap="3"
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="colorPalette.border"
          fontSize="sm"
          color="fg.muted"
        >
          <Text>{t('footer.copyright', { year })}</Text>
          <HStack as="nav" aria-label={t('footer.legalLabel')} gap="4">
            <Link asChild color="fg.muted" minH={TAP_TARGET}>
              <PageLink to="/privacy">{t('footer.privacy')}</PageLink>
            </Link>
            <Link asChild color="fg.muted" minH={TAP_TARGET}>
              <PageLink to="/terms">{t('footer.terms')}</PageLink>
            </Link>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
