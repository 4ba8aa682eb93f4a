import { Button } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

interface RecordEditButtonsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** This record's delete is under way. */
  deleting: boolean;
}

/** Edit and delete, beside a record of an admin list. */
export function RecordEditButtons({ onEdit, onDelete, deleting }: RecordEditButtonsProps) {
  const { t } = useTranslation();

  return (
    <>
      <Button size={{ base: 'md', md: 'sm' }} variant="outline" onClick={onEdit}>
        <Pencil aria-hidden />
        {t('admin.edit')}
      </Button>
      <Button
        size={{ base: 'md', md: 'sm' }}
        variant="outline"
        colorPalette="red"
        loading={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
        {t('admin.delete')}
      </Button>
    </>
  );
}
