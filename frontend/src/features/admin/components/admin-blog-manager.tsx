import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The signed-in admin's blog screen. Post editing and the post list are added here. */
export function AdminBlogManager({ onLogOut }: { onLogOut: () => void }) {
  const { t } = useTranslation();

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          {t('admin.title')}
        </Heading>
        <Button variant="outline" onClick={onLogOut}>
          <LogOut aria-hidden />
          {t('admin.logout')}
        </Button>
      </Flex>
      <Text mt="4" color="fg.muted" role="status">
        {t('admin.loggedIn')}
      </Text>
    </Container>
  );
}
