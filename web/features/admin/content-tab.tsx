import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { adminItemPath, type AdminContentItem, type AdminContentKind } from '../../../common/admin-content.ts';
import type { ContentStatus } from '../../../common/content.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { listCountText } from '../../lib/list-state.ts';
import { useFormatDate, useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useDisciplines } from '../../lib/disciplines.ts';
import { useAdminContentList, useDeleteAdminContent } from './admin-content.api.ts';
import { AdminTable, LoadFailed, LoadMore, RowActions } from './admin-table.tsx';
import { CONTENT_SUBTABS } from './admin-tabs.ts';
import { useSubtab } from './use-subtab.ts';

/** The sub-tab labels: the site's section names where they exist. */
export function useContentKindLabel() {
  const { t } = useTranslation();
  return (kind: AdminContentKind) => (kind === 'tricks' ? t('admin.content.tricks') : t(`nav.${kind}`));
}

/** Content: one list per kind, every status, newest first (spec §2 Admin panel › Content). */
export function ContentTab() {
  const { t } = useTranslation();
  const [subtab, subtabHref] = useSubtab(CONTENT_SUBTABS);
  const label = useContentKindLabel();
  return (
    <Tabs
      label={t('admin.content.subtabsLabel')}
      active={subtab}
      hrefOf={subtabHref}
      tabs={CONTENT_SUBTABS.map((id) => ({ id, label: label(id), content: id === subtab ? <ContentList key={id} kind={id} /> : null }))}
    />
  );
}

const STATUS_CLASS: Record<ContentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-red-100 text-red-800',
};

function StatusPill({ status }: { status: ContentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASS[status]}`} data-testid={`status-${status}`}>
      {t(`admin.content.status.${status}`)}
    </span>
  );
}

function ContentList({ kind }: { kind: AdminContentKind }) {
  const { t } = useTranslation();
  const kindLabel = useContentKindLabel()(kind);
  const formatDate = useFormatDate({ dateStyle: 'medium' });
  const localizedName = useLocalizedName();
  const { data: disciplines } = useDisciplines();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const list = useAdminContentList(kind, q);
  const remove = useDeleteAdminContent();
  const [doomed, setDoomed] = useState<AdminContentItem | null>(null);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const counted = { total: list.data?.pages[0]?.total ?? 0, totalCapped: list.data?.pages[0]?.totalCapped ?? false };
  const disciplineName = (id: string | null) => {
    if (!id) return '—';
    const found = disciplines?.find((d) => d.id === id);
    return found ? localizedName(found) : id;
  };

  const confirmDelete = () => {
    if (!doomed) return;
    remove.mutate(
      { kind, id: doomed.id },
      {
        onSuccess: () => {
          notify('success', t('content.deleted'), doomed.name);
          setDoomed(null);
        },
        onError: (error) => {
          notify('error', t('content.deleteError'), errorText(t, error));
          setDoomed(null);
        },
      },
    );
  };

  let body;
  if (list.isLoading) {
    body = <Spinner label={t('common.loading')} />;
  } else if (list.isError && !list.isFetchNextPageError) {
    body = (
      <LoadFailed
        text={t('admin.content.fetchError', { kind: kindLabel })}
        detail={errorText(t, list.error)}
        onRetry={() => void list.refetch()}
        testId="admin-content-error"
      />
    );
  } else if (items.length === 0) {
    body = q ? (
      <EmptyList icon="🔍" title={t('admin.content.noMatch')} text={t('admin.content.noMatchText', { q })} testId="admin-content-empty" />
    ) : (
      <EmptyList icon="📭" title={t('admin.content.empty')} text={t('admin.content.emptyText')} testId="admin-content-empty" />
    );
  } else {
    body = (
      <>
        <AdminTable
          caption={t('admin.content.caption', { kind: kindLabel })}
          columns={[
            t('admin.content.columns.name'),
            ...(kind === 'teams' ? [] : [t('admin.content.columns.discipline')]),
            kind === 'teams' ? t('admin.content.columns.leader') : t('admin.content.columns.author'),
            t('admin.content.columns.status'),
            t('admin.content.columns.date'),
            t('admin.content.columns.actions'),
          ]}
          minWidth="min-w-[52rem]"
          dimmed={list.isPlaceholderData}
          testId="admin-content-list"
        >
          {items.map((item) => (
            <tr key={item.id} data-testid={`admin-content-row-${item.id}`}>
              <td className="max-w-xs px-4 py-3 font-semibold break-words text-slate-900">{item.name}</td>
              {kind !== 'teams' && <td className="px-4 py-3 text-slate-700">{disciplineName(item.disciplineId)}</td>}
              <td className="px-4 py-3 text-slate-700">{item.authorName ?? <span className="text-slate-500">{t('admin.content.unknownAuthor')}</span>}</td>
              <td className="px-4 py-3">
                <StatusPill status={item.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <RowActions
                  texts="admin.content"
                  name={item.name}
                  viewPath={adminItemPath(item)}
                  editPath={`/admin/edit/${kind}/${encodeURIComponent(item.id)}`}
                  onDelete={() => setDoomed(item)}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
        <LoadMore list={list} label={t('teams.loadMore')} className="mt-6" />
      </>
    );
  }

  return (
    <section aria-label={kindLabel}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchBox
          label={t('admin.content.searchLabel', { kind: kindLabel })}
          placeholder={t('admin.content.searchPlaceholder')}
          value={text}
          onChange={setText}
          testId="admin-content-search"
        />
        <ButtonLink to={`/admin/new/${kind}`} data-testid="admin-content-add">
          <span aria-hidden="true">+</span>
          {t('admin.content.add')}
        </ButtonLink>
      </div>
      <p className="mb-3 flex min-h-6 items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {!list.isLoading && !list.isError && listCountText(t, 'admin.content.count', counted)}
        {list.isFetching && !list.isLoading && !list.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
      </p>
      {body}
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t('admin.content.confirmTitle')}
        description={t('admin.content.confirmText', { name: doomed?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
