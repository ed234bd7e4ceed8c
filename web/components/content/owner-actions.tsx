import { Suspense, useState, type ComponentType } from 'react';
import type { PendingRevision } from '../../../common/revisions.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmedDelete } from './confirmed-delete.tsx';
import { proposedVersion } from './pending-revision-notice.tsx';
import type { SectionFormDialogProps } from './section-form-dialog.tsx';

/**
 * Edit and Delete for an item's author or an admin: Edit opens `Editor` (the section's dialog, its
 * code loaded with these buttons) on the item as its author last proposed it; Delete asks first ('Are you absolutely sure?' style), toasts
 * 'Item deleted successfully!' and then calls `onDeleted` (e.g. back to the list).
 */
export function OwnerActions<Item extends { id: string; disciplineId: string; pendingRevision?: PendingRevision }>({
  item,
  name,
  remove,
  onDeleted,
  Editor,
}: {
  item: Item;
  name: string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  onDeleted: () => void;
  Editor: ComponentType<SectionFormDialogProps<Item>>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        {t('content.edit')}
      </Button>
      <ConfirmedDelete
        id={item.id}
        remove={remove}
        label={t('content.delete')}
        title={t('content.deleteTitle')}
        text={t('content.deleteText', { name })}
        onDeleted={onDeleted}
      />
      <Suspense fallback={null}>
        <Editor open={editing} onOpenChange={setEditing} disciplineId={item.disciplineId} item={proposedVersion(item)} />
      </Suspense>
    </div>
  );
}
