import { Button, Flex, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { pageCount } from '../api/admin-page';

interface AdminPagerProps {
  page: number;
  /** The server's answer for the page shown; none yet, no pager. */
  list: { total: number; pageSize: number } | undefined;
  /** Names the list, so two pagers on a screen read apart. */
  label: string;
  onPageChange: (page: number) => void;
}

/** Previous / next through a list the server pages. */
export function AdminPager({ page, list, label, onPageChange }: AdminPagerProps) {
  const { t } = useTranslation();
  if (!list || list.total === 0) return null;
  const { total } = list;
  const pages = pageCount(list);

  return (
    <Flex as="nav" aria-label={label} align="center" justify="space-between" gap="3" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" aria-live="polite">
        {t('admin.pager.status', { page, pages, total })}
      </Text>
      <Flex gap="2">
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden />
          {t('admin.pager.previous')}
        </Button>
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          {t('admin.pager.next')}
          <ChevronRight aria-hidden />
        </Button>
      </Flex>
    </Flex>
  );
}
