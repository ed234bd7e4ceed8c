import { useState } from 'react';
import { contentPath } from '../../../common/content-basics.ts';
import { MODERATION_DELETE_FORM, MODERATION_KINDS, type ModerationItem, type ModerationKind } from '../../../common/admin-moderation.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList, LoadMore } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDeleteModerated, useModerationList } from './admin-moderation.api.ts';
import { AdminTable, LoadFailed, ViewLink } from './admin-table.tsx';
import { useSubtab } from './use-subtab.ts';

const LABEL: Record<ModerationKind, string> = { sessions: 'admin.moderation.sessions', 'condition-reports': 'admin.moderation.conditions' };

/** Moderation: riders' sessions and condition reports, newest first, each with its Delete (a plain form too). */
export function ModerationTab() {
  const { t } = useTranslation();
  const [subtab, subtabHref] = useSubtab(MODERATION_KINDS);
  return (
    <Tabs
      label={t('admin.moderation.subtabsLabel')}
      active={subtab}
      hrefOf={subtabHref}
      tabs={MODERATION_KINDS.map((id) => ({ id, label: t(LABEL[id]), content: id === subtab ? <ModerationList key={id} kind={id} /> : null }))}
    />
  );
}

function ModerationList({ kind }: { kind: ModerationKind }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const list = useModerationList(kind);
  const remove = useDeleteModerated();
  const [doomed, setDoomed] = useState<ModerationItem | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const form = MODERATION_DELETE_FORM[kind];
  const who = (item: ModerationItem) => item.author?.name ?? t('admin.moderation.unknownAuthor');

  const confirmDelete = () => {
    if (!doomed) return;
    remove.mutate(
      { kind, id: doomed.id },
      {
        onSuccess: () => notify('success', t('admin.moderation.deleted')),
        onError: (error) => notify('error', t('content.deleteError'), errorText(t, error)),
        onSettled: () => setDoomed(null),
      },
    );
  };

  if (list.isLoading) return <Spinner label={t('common.loading')} />;
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <LoadFailed
        text={t('admin.moderation.fetchError')}
        detail={errorText(t, list.error)}
        onRetry={() => void list.refetch()}
        testId="admin-moderation-error"
      />
    );
  }
  if (items.length === 0) return <EmptyList icon="📭" title={t(LABEL[kind])} text={t('admin.moderation.empty')} testId="admin-moderation-empty" />;
  return (
    <section aria-label={t(LABEL[kind])}>
      <AdminTable
        caption={t('admin.moderation.caption', { kind: t(LABEL[kind]) })}
        columns={[
          t('admin.moderation.columns.author'),
          t('admin.moderation.columns.place'),
          t('admin.moderation.columns.note'),
          t('admin.moderation.columns.date'),
          t('admin.moderation.columns.actions'),
        ]}
        minWidth="min-w-[48rem]"
        dimmed={list.isPlaceholderData}
        testId={`admin-moderation-${kind}`}
      >
        {items.map((item) => (
          <tr key={item.id} data-testid={`admin-moderation-row-${item.id}`}>
            <td className="px-4 py-3 font-semibold text-slate-900">{who(item)}</td>
            <td className="px-4 py-3">
              <ViewLink href={contentPath('place', item.place.disciplineId, item.place.id)} label={item.place.name}>
                {item.place.name}
              </ViewLink>
            </td>
            <td dir="auto" className="max-w-xs px-4 py-3 break-words text-slate-700">
              {item.note ?? '—'}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-600">
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
            </td>
            <td className="px-4 py-3 text-end">
              <ActionForm action={form.action} fields={{ [form.field]: item.id }} onSubmit={() => setDoomed(item)}>
                <Button
                  type="submit"
                  size="sm"
                  variant="destructive"
                  aria-label={t('admin.moderation.deleteNamed', { name: who(item), place: item.place.name })}
                >
                  {t('common.delete')}
                </Button>
              </ActionForm>
            </td>
          </tr>
        ))}
      </AdminTable>
      <LoadMore query={list} label={t('admin.moderation.more')} className="mt-6" />
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t('admin.moderation.confirmTitle')}
        description={t('admin.moderation.confirmText', { name: doomed ? who(doomed) : '', place: doomed?.place.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
