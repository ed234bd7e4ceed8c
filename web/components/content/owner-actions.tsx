import { Suspense, useState, type ComponentType, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PendingRevision } from '../../../common/revisions.ts';
import { SERIES_SCOPES } from '../../../common/recurrence.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { deleteItemAction } from '../../../common/content-basics.ts';
import { actionPath } from '../ui/action-form.tsx';
import { FormTarget } from '../ui/form-target.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { ConfirmedDelete } from './confirmed-delete.tsx';
import { proposedVersion } from './pending-revision-notice.tsx';
import type { SectionFormDialogProps } from './section-form-dialog.tsx';

/**
 * Edit and Delete for an item's author or an admin. Edit is a link to the page's `?edit=1`, where
 * the section's form is drawn on the page as a plain form (issue 38, item 3); with scripts a click
 * opens `Editor` (the section's dialog) on the item as its author last proposed it instead. Delete
 * asks first: before the scripts run, or without them, in a disclosure holding the confirming form
 * (with the choice of 'only this date' or 'this and later' for a date of a series); with them, in the
 * app's dialog. Either toasts 'Item deleted successfully!' and goes to the section's list.
 */
export function OwnerActions<Item extends { id: string; disciplineId: string; pendingRevision?: PendingRevision; series?: unknown }>({
  item,
  name,
  section,
  listPath,
  remove,
  onDeleted,
  Editor,
}: {
  item: Item;
  name: string;
  /** The API's name of the section (`places`), for the plain forms. */
  section: string;
  /** The section's list, where a deleted item's page goes. */
  listPath: string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  onDeleted: () => void;
  Editor: ComponentType<SectionFormDialogProps<Item>>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(false);
  // The item's page without its `?edit=1`: where the form comes back to.
  const page = useLocation().pathname;
  const onPage = params.get('edit') === '1';
  const openEditor = (event: MouseEvent) => {
    event.preventDefault();
    setEditing(true);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {/* Once the app runs it opens the dialog in place: a button, as it is named to assistive technology. */}
        <a
          href="?edit=1"
          onClick={openEditor}
          role={hydrated ? 'button' : undefined}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
          data-testid="edit-item"
        >
          {t('content.edit')}
        </a>
        {hydrated ? (
          <ConfirmedDelete
            id={item.id}
            remove={remove}
            label={t('content.delete')}
            title={t('content.deleteTitle')}
            text={t('content.deleteText', { name })}
            onDeleted={onDeleted}
          />
        ) : (
          <details className="relative" data-testid="delete-item">
            <summary className={buttonClass({ variant: 'destructive', size: 'sm' }, 'cursor-pointer list-none')}>{t('content.delete')}</summary>
            <form
              method="post"
              action={actionPath(deleteItemAction(section))}
              className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
            >
              <FormTarget back={listPath} fields={{ id: item.id, page }} />
              <p className="font-semibold">{t('content.deleteTitle')}</p>
              <p className="text-sm text-slate-600">{t('content.deleteText', { name })}</p>
              {item.series ? <ScopeChoice name="applyTo" /> : null}
              <Button type="submit" variant="destructive" size="sm">
                {t('content.delete')}
              </Button>
            </form>
          </details>
        )}
      </div>
      <Suspense fallback={null}>
        {onPage && !editing ? (
          <Editor
            open
            onOpenChange={() => void navigate(page, { replace: true })}
            disciplineId={item.disciplineId}
            item={proposedVersion(item)}
            plain={{ section, page }}
          />
        ) : (
          <Editor open={editing} onOpenChange={setEditing} disciplineId={item.disciplineId} item={proposedVersion(item)} />
        )}
      </Suspense>
    </div>
  );
}

/** Which dates of a series: 'Only this date' (checked) or 'This date and the later ones', as radio buttons. */
export function ScopeChoice({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{t('events.form.applyTo')}</legend>
      {SERIES_SCOPES.map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={scope} defaultChecked={scope === 'one'} />
          {t(`events.form.applyToValues.${scope}`)}
        </label>
      ))}
    </fieldset>
  );
}
