import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { BLOCKING_USAGE, isInUse, type AdminCategory, type AdminDiscipline, type DisciplineUsage } from '../../../common/admin-catalogue.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useAdminCategories, useAdminDisciplines, useDeleteCatalogueItem } from './admin-catalogue.api.ts';
import { AdminTable, LoadFailed, RowActions } from './admin-table.tsx';
import { DISCIPLINE_SUBTABS } from './admin-tabs.ts';
import { useSubtab } from './use-subtab.ts';

/** Admin › Disciplines: the sub-tabs Disciplines and Categories, each a list with Add, View, Edit and Delete. */
export function DisciplinesTab() {
  const { t } = useTranslation();
  const [subtab, subtabHref] = useSubtab(DISCIPLINE_SUBTABS);
  return (
    <Tabs
      label={t('admin.catalogue.subtabsLabel')}
      active={subtab}
      hrefOf={subtabHref}
      tabs={DISCIPLINE_SUBTABS.map((id) => ({
        id,
        label: t(`admin.catalogue.subtabs.${id}`),
        content: id !== subtab ? null : id === 'disciplines' ? <DisciplinesList /> : <CategoriesList />,
      }))}
    />
  );
}

/** Matches a search against what a row shows: its names in every language and its ID. */
function matches(item: { id: string; name: string; names: Record<string, string> }, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return !q || [item.id, item.name, ...Object.values(item.names)].some((text) => text.toLocaleLowerCase().includes(q));
}

function useUsageText() {
  const { t, i18n } = useTranslation();
  return (usage: DisciplineUsage) => {
    const parts = BLOCKING_USAGE.filter((key) => usage[key] > 0).map((key) => t(`admin.catalogue.usage.${key}`, { count: usage[key] }));
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(parts);
  };
}

type CatalogueKind = (typeof DISCIPLINE_SUBTABS)[number];

/** What differs between the two lists, besides their own column. */
const KINDS = {
  disciplines: { one: 'discipline', emptyIcon: '🏄', otherColumn: 'admin.catalogue.columns.categories' },
  categories: { one: 'category', emptyIcon: '🗂️', otherColumn: 'admin.catalogue.columns.disciplines' },
} as const;

function DisciplinesList() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const usageText = useUsageText();
  const disciplines = useAdminDisciplines();
  const categories = useAdminCategories();
  const categoryById = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data]);
  return (
    <CatalogueList
      kind="disciplines"
      list={disciplines}
      cell={(d) =>
        d.categoryIds.length === 0 ? (
          <span className="text-slate-400">{t('admin.catalogue.noCategories')}</span>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {d.categoryIds.map((id) => {
              const category = categoryById.get(id);
              return (
                <li key={id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {category ? `${category.icon} ${name(category)}` : id}
                </li>
              );
            })}
          </ul>
        )
      }
      confirmText={(d) => (
        <>
          {t('admin.catalogue.disciplines.confirmText', { name: name(d) })}
          {isInUse(d.usage) && <strong className="mt-2 block text-red-700">{t('admin.catalogue.disciplines.inUseText', { usage: usageText(d.usage) })}</strong>}
        </>
      )}
    />
  );
}

function CategoriesList() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  return (
    <CatalogueList
      kind="categories"
      list={useAdminCategories()}
      cell={(c) => t('admin.catalogue.disciplineCount', { count: c.disciplineIds.length })}
      confirmText={(c) => t('admin.catalogue.categories.confirmText', { name: name(c), count: c.disciplineIds.length })}
    />
  );
}

/** One sub-tab's list: search, Add, the table with View, Edit and Delete, and the delete confirmation. */
function CatalogueList<T extends AdminDiscipline | AdminCategory>({
  kind,
  list,
  cell,
  confirmText,
}: {
  kind: CatalogueKind;
  list: UseQueryResult<T[]>;
  /** The column that shows the other kind. */
  cell: (item: T) => ReactNode;
  confirmText: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const remove = useDeleteCatalogueItem(kind);
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<T | null>(null);
  const { one, emptyIcon, otherColumn } = KINDS[kind];

  useEffect(() => {
    if (list.isError) notify('error', t(`admin.catalogue.${kind}.fetchError`), errorText(t, list.error));
  }, [list.isError, list.error, kind, t]);

  const rows = useMemo(() => (list.data ?? []).filter((item) => matches(item, query)), [list.data, query]);

  const onDelete = (item: T) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        setPending(null);
        notify('success', t(`admin.catalogue.${kind}.deleted`), name(item));
      },
      onError: (error) => {
        setPending(null);
        notify('error', t(`admin.catalogue.${kind}.deleteError`), errorText(t, error));
      },
    });

  if (list.isLoading) return <Spinner label={t('common.loading')} />;
  if (!list.data) return <LoadFailed text={t(`admin.catalogue.${kind}.fetchError`)} onRetry={() => void list.refetch()} />;

  const searchLabel = t(`admin.catalogue.${kind}.search`);
  return (
    <section aria-label={t(`admin.catalogue.subtabs.${kind}`)}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchBox label={searchLabel} placeholder={searchLabel} value={query} onChange={setQuery} />
        <ButtonLink to={`/admin/new/${kind}`} data-testid={`admin-${kind}-add`}>
          <span aria-hidden="true">＋</span>
          {t(`admin.catalogue.${kind}.add`)}
        </ButtonLink>
      </div>
      {rows.length === 0 ? (
        <EmptyList icon={emptyIcon} title={t(`admin.catalogue.${kind}.empty`)} text={t('admin.catalogue.emptyText')} testId={`admin-${kind}-empty`} />
      ) : (
        <AdminTable
          caption={t(`admin.catalogue.${kind}.caption`, { count: rows.length })}
          columns={[
            { label: t('admin.catalogue.columns.icon'), className: 'w-12' },
            t('admin.catalogue.columns.name'),
            t('admin.catalogue.columns.id'),
            t(otherColumn),
            t('admin.catalogue.columns.actions'),
          ]}
          minWidth="min-w-[40rem]"
          testId={`admin-${kind}-list`}
        >
          {rows.map((item) => (
            <tr key={item.id} data-testid={`admin-${one}-row-${item.id}`}>
              <td className="px-4 py-3 text-2xl" aria-hidden="true">
                {item.icon}
              </td>
              <td className="px-4 py-3 font-semibold break-words text-slate-900">{name(item)}</td>
              <td className="px-4 py-3">
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700" dir="ltr">
                  {item.id}
                </code>
              </td>
              <td className="px-4 py-3 text-slate-700">{cell(item)}</td>
              <td className="px-4 py-3">
                <RowActions
                  texts="admin.catalogue"
                  name={name(item)}
                  viewPath={`/${one}/${encodeURIComponent(item.id)}`}
                  editPath={`/admin/edit/${kind}/${encodeURIComponent(item.id)}`}
                  onDelete={() => setPending(item)}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('admin.catalogue.confirmTitle')}
        description={pending && confirmText(pending)}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => pending && onDelete(pending)}
      />
    </section>
  );
}
