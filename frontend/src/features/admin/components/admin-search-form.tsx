import { Button, HStack } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface AdminSearchFormProps {
  /** Names the search landmark. */
  label: string;
  onSearch: () => void;
  /** The search field. */
  children: ReactNode;
}

/** A search above an admin list: its field and a search button. */
export function AdminSearchForm({ label, onSearch, children }: AdminSearchFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <form onSubmit={submit} role="search" aria-label={label}>
      <HStack gap="2">
        {children}
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          {t('admin.search')}
        </Button>
      </HStack>
    </form>
  );
}
