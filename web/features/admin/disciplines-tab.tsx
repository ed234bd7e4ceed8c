import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BLOCKING_USAGE, isInUse, type AdminCategory, type AdminDiscipline, type DisciplineUsage } from '../../../common/admin-catalogue.ts';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useAdminCategories, useAdminDisciplines, useDeleteCatalogueItem } from './admin-catalogue.api.ts';
import { DISCIPLINE_SUBTABS } from './admin-tabs.ts';
import { useSubtab } from './use-subtab.ts';

/** Admin › Disciplines: the sub-tabs Disciplines and Categories, each a list with Add, View, Edit and Delete. */
export function DisciplinesTab() {
  const { t } = useTranslation();
  const [subtab, setSubtab] = useSubtab(DISCIPLINE_SUBTABS);
  return (
    <Tabs
      label={t('admin.catalogue.subtabsLabel')}
      active={subtab}
      onChange={(id) => setSubtab(id as (typeof DISCIPLINE_SUBTABS)[number])}
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

function DisciplinesList() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const usageText = useUsageText();
  const disciplines = useAdminDisciplines();
  const categories = useAdminCategories();
  const remove = useDeleteCatalogueItem('disciplines');
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<AdminDiscipline | null>(null);

  useEffect(() => {
    if (disciplines.isError) notify('error', t('admin.catalogue.disciplines.fetchError'), errorText(t, disciplines.error));
  }, [disciplines.isError, disciplines.error, t]);

  const categoryById = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data]);
  const rows = useMemo(() => (disciplines.data ?? []).filter((d) => matches(d, query)), [disciplines.data, query]);

  const onDelete = (discipline: AdminDiscipline) =>
    remove.mutate(discipline.id, {
      onSuccess: () => {
        setPending(null);
        notify('success', t('admin.catalogue.disciplines.deleted'), name(discipline));
      },
      onError: (error) => {
        setPending(null);
        notify('error', t('admin.catalogue.disciplines.deleteError'), errorText(t, error));
      },
    });

  if (disciplines.isLoading) return <Spinner label={t('common.loading')} />;
  if (!disciplines.data) return <LoadFailed text={t('admin.catalogue.disciplines.fetchError')} onRetry={() => void disciplines.refetch()} />;

  return (
    <section aria-label={t('admin.catalogue.subtabs.disciplines')}>
      <ListToolbar
        search={query}
        onSearch={setQuery}
        searchLabel={t('admin.catalogue.disciplines.search')}
        addTo="/admin/new/disciplines"
        addLabel={t('admin.catalogue.disciplines.add')}
        testId="admin-disciplines-add"
      />
      {rows.length === 0 ? (
        <EmptyList icon="🏄" title={t('admin.catalogue.disciplines.empty')} text={t('admin.catalogue.emptyText')} testId="admin-disciplines-empty" />
      ) : (
        <CatalogueTable caption={t('admin.catalogue.disciplines.caption', { count: rows.length })} fourth={t('admin.catalogue.columns.categories')} testId="admin-disciplines-list">
          {rows.map((d) => (
            <CatalogueRow
              key={d.id}
              testId={`admin-discipline-row-${d.id}`}
              icon={d.icon}
              id={d.id}
              name={name(d)}
              viewPath={`/discipline/${encodeURIComponent(d.id)}`}
              editPath={`/admin/edit/disciplines/${encodeURIComponent(d.id)}`}
              onDelete={() => setPending(d)}
            >
              {d.categoryIds.length === 0 ? (
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
              )}
            </CatalogueRow>
          ))}
        </CatalogueTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('admin.catalogue.confirmTitle')}
        description={
          pending && (
            <>
              {t('admin.catalogue.disciplines.confirmText', { name: name(pending) })}
              {isInUse(pending.usage) && <strong className="mt-2 block text-red-700">{t('admin.catalogue.disciplines.inUseText', { usage: usageText(pending.usage) })}</strong>}
            </>
          )
        }
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => pending && onDelete(pending)}
      />
    </section>
  );
}

function CategoriesList() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const categories = useAdminCategories();
  const remove = useDeleteCatalogueItem('categories');
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<AdminCategory | null>(null);

  useEffect(() => {
    if (categories.isError) notify('error', t('admin.catalogue.categories.fetchError'), errorText(t, categories.error));
  }, [categories.isError, categories.error, t]);

  const rows = useMemo(() => (categories.data ?? []).filter((c) => matches(c, query)), [categories.data, query]);

  const onDelete = (category: AdminCategory) =>
    remove.mutate(category.id, {
      onSuccess: () => {
        setPending(null);
        notify('success', t('admin.catalogue.categories.deleted'), name(category));
      },
      onError: (error) => {
        setPending(null);
        notify('error', t('admin.catalogue.categories.deleteError'), errorText(t, error));
      },
    });

  if (categories.isLoading) return <Spinner label={t('common.loading')} />;
  if (!categories.data) return <LoadFailed text={t('admin.catalogue.categories.fetchError')} onRetry={() => void categories.refetch()} />;

  return (
    <section aria-label={t('admin.catalogue.subtabs.categories')}>
      <ListToolbar
        search={query}
        onSearch={setQuery}
        searchLabel={t('admin.catalogue.categories.search')}
        addTo="/admin/new/categories"
        addLabel={t('admin.catalogue.categories.add')}
        testId="admin-categories-add"
      />
      {rows.length === 0 ? (
        <EmptyList icon="🗂️" title={t('admin.catalogue.categories.empty')} text={t('admin.catalogue.emptyText')} testId="admin-categories-empty" />
      ) : (
        <CatalogueTable caption={t('admin.catalogue.categories.caption', { count: rows.length })} fourth={t('admin.catalogue.columns.disciplines')} testId="admin-categories-list">
          {rows.map((c) => (
            <CatalogueRow
              key={c.id}
              testId={`admin-category-row-${c.id}`}
              icon={c.icon}
              id={c.id}
              name={name(c)}
              viewPath={`/category/${encodeURIComponent(c.id)}`}
              editPath={`/admin/edit/categories/${encodeURIComponent(c.id)}`}
              onDelete={() => setPending(c)}
            >
              {t('admin.catalogue.disciplineCount', { count: c.disciplineIds.length })}
            </CatalogueRow>
          ))}
        </CatalogueTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('admin.catalogue.confirmTitle')}
        description={pending && t('admin.catalogue.categories.confirmText', { name: name(pending), count: pending.disciplineIds.length })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => pending && onDelete(pending)}
      />
    </section>
  );
}

function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-slate-700">
      <p>{text}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

function ListToolbar({
  search,
  onSearch,
  searchLabel,
  addTo,
  addLabel,
  testId,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  addTo: string;
  addLabel: string;
  testId: string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <SearchBox label={searchLabel} placeholder={searchLabel} value={search} onChange={onSearch} />
      <ButtonLink to={addTo} data-testid={testId}>
        <span aria-hidden="true">＋</span>
        {addLabel}
      </ButtonLink>
    </div>
  );
}

function CatalogueTable({ caption, fourth, testId, children }: { caption: string; fourth: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-start text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-12 px-4 py-3 text-start">
              {t('admin.catalogue.columns.icon')}
            </th>
            <th scope="col" className="px-4 py-3 text-start">{t('admin.catalogue.columns.name')}</th>
            <th scope="col" className="px-4 py-3 text-start">{t('admin.catalogue.columns.id')}</th>
            <th scope="col" className="px-4 py-3 text-start">{fourth}</th>
            <th scope="col" className="px-4 py-3 text-end">{t('admin.catalogue.columns.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function CatalogueRow({
  testId,
  icon,
  id,
  name,
  viewPath,
  editPath,
  onDelete,
  children,
}: {
  testId: string;
  icon: string;
  id: string;
  name: string;
  viewPath: string;
  editPath: string;
  onDelete: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const action = buttonClass({ variant: 'link', size: 'sm' });
  return (
    <tr data-testid={testId}>
      <td className="px-4 py-3 text-2xl" aria-hidden="true">
        {icon}
      </td>
      <td className="px-4 py-3 font-semibold break-words text-slate-900">{name}</td>
      <td className="px-4 py-3">
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700" dir="ltr">
          {id}
        </code>
      </td>
      <td className="px-4 py-3 text-slate-700">{children}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-1">
          <a href={viewPath} target="_blank" rel="noopener noreferrer" className={action} aria-label={t('admin.catalogue.viewNamed', { name })}>
            {t('admin.catalogue.view')}
          </a>
          <Link to={editPath} className={action} aria-label={t('admin.catalogue.editNamed', { name })}>
            {t('common.edit')}
          </Link>
          <Button size="sm" variant="destructive" onClick={onDelete} aria-label={t('admin.catalogue.deleteNamed', { name })}>
            {t('common.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
