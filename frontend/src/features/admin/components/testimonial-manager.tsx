import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { isUnauthorized } from '../api/admin-request';
import { useAdminTestimonials, useDeleteTestimonial, type Testimonial } from '../api/use-admin-testimonials';
import { testimonialDraft, type Draft } from '../editor-draft';
import { formatDateTime } from '../format-date-time';
import {
  emptyTestimonialValues,
  testimonialToFormValues,
  type TestimonialFormValues,
} from '../testimonial-form-schema';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { AdminPager } from './admin-pager';
import { AdminRecordList } from './admin-record-list';
import { TestimonialEditor } from './testimonial-editor';

interface TestimonialManagerProps {
  token: string;
  onSessionExpired: () => void;
}

/** The testimonials shown on the home page: list, create, edit, delete. */
export function TestimonialManager({ token, onSessionExpired }: TestimonialManagerProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const testimonials = useAdminTestimonials(token, page);
  const remove = useDeleteTestimonial(token);
  // A draft left by a session that expired mid-edit reopens the editor with its text.
  const [editor, setEditor] = useState<Draft<TestimonialFormValues> | null>(testimonialDraft.read);
  const [editorKey, setEditorKey] = useState(0);
  useExpireOnUnauthorized(testimonials.error, onSessionExpired);

  const openEditor = (next: Draft<TestimonialFormValues>) => {
    testimonialDraft.clear();
    setEditor(next);
    setEditorKey((key) => key + 1);
  };

  const onDelete = (testimonial: Testimonial) => {
    if (!window.confirm(t('admin.testimonials.confirmDelete', { name: testimonial.name }))) return;
    remove.mutate(testimonial.id, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('admin.deleted') });
        if (editor?.id === testimonial.id) {
          testimonialDraft.clear();
          setEditor(null);
        }
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          onSessionExpired();
          return;
        }
        showToast({ type: 'error', title: t('admin.error'), description: t('admin.testimonials.deleteFailed') });
      },
    });
  };

  const items = testimonials.data?.items ?? [];

  return (
    <Stack gap="8">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('admin.testimonials.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.testimonials.description')}</Text>
        </Stack>
        <Button onClick={() => openEditor({ id: null, values: emptyTestimonialValues })}>
          <Plus aria-hidden />
          {t('admin.testimonials.new')}
        </Button>
      </Flex>

      {editor && (
        <TestimonialEditor
          key={editorKey}
          token={token}
          draft={editor}
          onClose={() => setEditor(null)}
          onUnauthorized={onSessionExpired}
        />
      )}

      <AdminRecordList
        query={testimonials}
        items={items}
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
          <>
            <Button
              size={{ base: 'md', md: 'sm' }}
              variant="outline"
              onClick={() => openEditor({ id: testimonial.id, values: testimonialToFormValues(testimonial) })}
            >
              <Pencil aria-hidden />
              {t('admin.edit')}
            </Button>
            <Button
              size={{ base: 'md', md: 'sm' }}
              variant="outline"
              colorPalette="red"
              loading={remove.isPending && remove.variables === testimonial.id}
              onClick={() => onDelete(testimonial)}
            >
              <Trash2 aria-hidden />
              {t('admin.delete')}
            </Button>
          </>
        )}
      />

      {testimonials.data && (
        <AdminPager
          page={page}
          total={testimonials.data.total}
          pageSize={testimonials.data.pageSize}
          label={t('admin.testimonials.pagerLabel')}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
