import { Button, Card, Flex, Heading, Stack } from '@chakra-ui/react';
import { Save, X } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface EditorCardProps {
  heading: string;
  /** The form's submit handler (react-hook-form's handleSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  saving: boolean;
  /** The fields. */
  children: ReactNode;
}

/** An admin editor's form as a card: its heading, its fields, then cancel and save. */
export function EditorCard({ heading, onSubmit, onCancel, saving, children }: EditorCardProps) {
  const { t } = useTranslation();
  const headingId = useId();

  return (
    <Card.Root asChild variant="outline">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId}>
        <Card.Header>
          <Heading as="h2" size="lg" id={headingId}>
            {heading}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">{children}</Stack>
        </Card.Body>
        <Card.Footer>
          <Flex gap="3" wrap="wrap" justify="flex-end" width="100%">
            <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
              <X aria-hidden />
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={saving} loadingText={t('admin.saving')}>
              <Save aria-hidden />
              {t('admin.save')}
            </Button>
          </Flex>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
