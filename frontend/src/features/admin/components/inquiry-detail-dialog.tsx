import { Badge, CloseButton, DataList, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Tooltip } from '../../../components/tooltip';
import { useTranslation } from '../../../lib/i18n';
import { mailtoHref } from '../../../lib/mailto';
import { useAdminInquiry, type Inquiry } from '../api/use-admin-inquiries';
import { formatDateTime } from '../format-date-time';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';

interface InquiryDetailDialogProps {
  token: string;
  /** The row opened; null when the dialog is closed. */
  inquiry: Inquiry | null;
  onClose: () => void;
  onSessionExpired: () => void;
}

/** One inquiry in full: who sent it, how to answer, and the message. */
export function InquiryDetailDialog({ token, inquiry, onClose, onSessionExpired }: InquiryDetailDialogProps) {
  const { t, i18n } = useTranslation();
  const detail = useAdminInquiry(token, inquiry);
  useExpireOnUnauthorized(detail.error, onSessionExpired);
  const shown = detail.data ?? inquiry;
  // Named by its title from the first frame: zag looks for the title an animation frame after
  // opening, which can come before the content has rendered.
  const titleId = useId();

  return (
    <Dialog.Root
      ids={{ title: titleId }}
      open={inquiry !== null}
      onOpenChange={({ open }) => !open && onClose()}
      size={{ base: 'full', md: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-labelledby={titleId}>
            {shown && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('admin.inquiries.detailTitle', { name: shown.name })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="4">
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.type')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <Badge>{t(`admin.inquiries.types.${shown.submissionType}`)}</Badge>
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.name')}</DataList.ItemLabel>
                      <DataList.ItemValue>{shown.name}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.email')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <Link href={mailtoHref(shown.email)} colorPalette="blue" wordBreak="break-all">
                          {shown.email}
                        </Link>
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.phone')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        {shown.phone ? (
                          <Link href={`tel:${shown.phone}`}>{shown.phone}</Link>
                        ) : (
                          <Text color="fg.muted">{t('admin.inquiries.noPhone')}</Text>
                        )}
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.date')}</DataList.ItemLabel>
                      <DataList.ItemValue>{formatDateTime(shown.createdAt, i18n.language)}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('admin.inquiries.fields.message')}</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <Text whiteSpace="pre-wrap" data-testid="inquiry-message">
                          {shown.message}
                        </Text>
                      </DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                </Dialog.Body>
              </>
            )}
            <Tooltip label={t('admin.close')}>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="md" aria-label={t('admin.close')} />
              </Dialog.CloseTrigger>
            </Tooltip>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
