import { Alert, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import * as z from 'zod/mini';
import { showToast } from '../../../components/toaster';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import { useVerifyPassword } from '../api/use-verify-password';

interface AdminLoginFormProps {
  onLoggedIn: (token: string) => void;
  /** The server rejected the previous token: say why the admin is asked to log in again. */
  sessionExpired?: boolean;
}

export function AdminLoginForm({ onLoggedIn, sessionExpired = false }: AdminLoginFormProps) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  const schema = useMemo(
    () => z.object({ password: z.string().check(z.minLength(1, t('admin.passwordRequired'))) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(({ password }) => {
    verify.mutate(password, {
      onSuccess: ({ token }) => onLoggedIn(token),
      onError: (error) => {
        if (hasStatus(error, 429)) {
          // The server refuses for different spans (a minute, a few seconds, a 15-minute device
          // lockout), so only its own message says how long to wait.
          showToast({
            type: 'error',
            title: t('admin.tooManyAttempts'),
            description: errorMessage(error) ?? t('admin.waitAMinute'),
          });
          return;
        }
        showToast({
          type: 'error',
          title: t('admin.wrongPassword'),
          description: errorMessage(error) ?? t('admin.loginFailed'),
        });
      },
    });
  });

  return (
    <Container maxW="sm" py={{ base: '12', md: '20' }}>
      <Stack asChild gap="5">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="2" align="center" textAlign="center">
            <LockKeyhole aria-hidden size={32} />
            <Heading as="h1" size="2xl">
              {t('admin.loginTitle')}
            </Heading>
            <Text color="fg.muted">{t('admin.loginDescription')}</Text>
          </Stack>
          {sessionExpired && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('admin.sessionExpired')}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root invalid={!!errors.password} required>
            <Field.Label>
              {t('admin.password')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" autoComplete="current-password" size="lg" {...register('password')} />
            <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="lg" loading={verify.isPending} loadingText={t('admin.loggingIn')}>
            {t('admin.login')}
          </Button>
        </form>
      </Stack>
    </Container>
  );
}
