import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { useAdminTestimonials, useDeleteTestimonial, type Testimonial } from '../api/use-admin-testimonials';
import { testimonialDraft } from '../editor-draft';
import { formatDateTime } from '../format-date-time';
import { reportFailure } from '../report-failure';
import { emptyTestimonialValues, testimonialToFormValues } from '../testimonial-form-schema';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { useOpenEditor } from '../use-open-editor';
import type { AdminSectionProps } from './admin-console-shell';
import { AdminPager } from './admin-pager';
import { AdminRecordList } from './admin-record-list';
import { AdminScreenHeader } from './admin-screen-header';
import { RecordEditButtons } from './record-edit-buttons';
import { TestimonialEditor } from './testimonial-editor';

/** The testimonials shown on the home page: list, create, edit, delete. */
export function TestimonialManager({ token, onSessionExpired }: AdminSectionProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const testimonials = useAdminTestimonials(token, page);
  const remove = useDeleteTestimonial(token);
  const editor = useOpenEditor(testimonialDraft);
  useExpireOnUnauthorized(testimonials.error, onSessionExpired);

  const onDelete = (testimonial: Testimonial) => {
    if (!window.confirm(t('admin.testimonials.confirmDelete', { name: testimonial.name }))) return;
    remove.mutate(testimonial.id, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('admin.deleted') });
        editor.forget(testimonial.id);
      },
      onError: (error) =>
        reportFailure(error, onSessionExpired, {
          title: t('admin.error'),
          description: t('admin.testimonials.deleteFailed'),
        }),
    });
  };

  return (
    <Stack gap="8">
      <AdminScreenHeader
        title={t('admin.testimonials.title')}
        description={t('admin.testimonials.description')}
        action={
          <Button onClick={() => editor.open({ id: null, values: emptyTestimonialValues })}>
            <Plus aria-hidden />
            {t('admin.testimonials.new')}
          </Button>
        }
      />

      {editor.draft && (
        <TestimonialEditor
          key={editor.key}
          token={token}
          draft={editor.draft}
          onClose={editor.close}
          onUnauthorized={onSessionExpired}
        />
      )}

      <AdminRecordList
        query={testimonials}
        items={testimonials.data?.items ?? []}
        texts={{
          label: t('admin.testimonials.title'),
          loading: t('admin.testimonials.loading'),
          fetchFailed: t('admin.testimonials.fetchFailed'),
          empty: t('admin.testimonials.empty'),
        }}
        testId="admin-testimonial"
        itemKey={(testimonial) => testimonial.id}
        summary={(testimonial) => (
          <>
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h2" size="sm">
                {testimonial.name}
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {testimonial.role}
              </Text>
              {testimonial.featured && (
                <Badge colorPalette="yellow">
                  <Star aria-hidden size={12} />
                  {t('admin.testimonials.featured')}
                </Badge>
              )}
              <Badge variant="outline">{t('admin.testimonials.rating', { rating: testimonial.rating })}</Badge>
            </Flex>
            <Text textStyle="sm" lineClamp={2}>
              {testimonial.content}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(testimonial.createdAt, i18n.language)}
            </Text>
          </>
        )}
        actions={(testimonial) => (
          <RecordEditButtons
            onEdit={() => editor.open({ id: testimonial.id, values: testimonialToFormValues(testimonial) })}
            onDelete={() => onDelete(testimonial)}
            deleting={remove.isPending && remove.variables === testimonial.id}
          />
        )}
      />

      <AdminPager
        page={page}
        list={testimonials.data}
        label={t('admin.testimonials.pagerLabel')}
        onPageChange={setPage}
      />
    </Stack>
  );
}
