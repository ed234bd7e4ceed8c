import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { USER_ROLES, type AdminUser, type UserRole } from '../../../common/admin-users.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { AdminTable, LoadFailed, LoadMore } from './admin-table.tsx';
import { useAdminUsers, useDeleteAdminUser, useUpdateAdminUser } from './admin-users.api.ts';

/** Admin › Users: accounts searched on the server, with their role selector, edit link and deletion. */
export function UsersTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium' });
  const { user: me } = useMe();
  const search = useTextFilter(useUrlFilters(), 'q');
  const list = useAdminUsers(search.value);
  const { items, countText, failed } = usePagedResults(list, t('admin.users.fetchError'));
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);

  const roleLabel = (role: UserRole) => t(`admin.users.roles.${role}`);

  const onRole = (user: AdminUser, role: UserRole) =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: () => notify('success', t('admin.users.roleUpdated'), t('admin.users.roleUpdatedText', { name: user.name, role: roleLabel(role) })),
        onError: (error) => notify('error', t('admin.users.roleError'), errorText(t, error)),
      },
    );

  const onDelete = (user: AdminUser) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        setConfirming(null);
        notify('success', t('admin.users.deleted'), user.name);
      },
      onError: (error) => {
        setConfirming(null);
        notify('error', t('admin.users.deleteError'), errorText(t, error));
      },
    });

  return (
    <section aria-labelledby="admin-users-heading" className="space-y-4">
      <h2 id="admin-users-heading" className="sr-only">
        {t('admin.tabs.users')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox
          label={t('admin.users.searchLabel')}
          placeholder={t('admin.users.searchPlaceholder')}
          value={search.text}
          onChange={search.setText}
          testId="admin-users-search"
        />
        <ButtonLink to="/admin/new/users" data-testid="admin-users-add">
          <span aria-hidden="true">+</span>
          {t('admin.users.add')}
        </ButtonLink>
      </div>
      <p className="flex min-h-6 items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {!list.isLoading && !failed && countText('admin.users.count')}
        {list.isFetching && !list.isLoading && !list.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
      </p>
      {list.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : failed ? (
        <LoadFailed text={t('admin.users.fetchError')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList icon="🔍" title={t('admin.users.empty')} text={t('admin.users.emptyText')} testId="admin-users-empty" />
      ) : (
        <AdminTable
          caption={t('admin.users.caption')}
          columns={[
            t('admin.users.columns.name'),
            t('admin.users.columns.email'),
            t('admin.users.columns.role'),
            t('admin.users.columns.joined'),
            t('admin.users.columns.actions'),
          ]}
          minWidth="min-w-[48rem]"
          dimmed={list.isPlaceholderData}
          busy={list.isFetching && !list.isFetchingNextPage}
          testId="admin-users-table"
        >
          {items.map((user) => {
            const changing = update.isPending && update.variables?.id === user.id;
            const role = changing ? update.variables!.role! : user.role;
            return (
              <tr key={user.id} data-testid={`admin-user-row-${user.id}`}>
                <th scope="row" className="px-4 py-3 text-start font-semibold text-slate-900">
                  <Link to={`/profile/${user.id}`} className="flex min-w-0 items-center gap-3 hover:underline">
                    <Avatar person={user} size="sm" />
                    <span className="break-words">{user.name}</span>
                    {me?.id === user.id && <span className="shrink-0 text-xs font-normal text-slate-500">{t('admin.users.you')}</span>}
                  </Link>
                </th>
                <td className="px-4 py-3 break-all text-slate-700">{user.email}</td>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-2">
                    <select
                      value={role}
                      disabled={changing}
                      onChange={(e) => onRole(user, e.target.value as UserRole)}
                      aria-label={t('admin.users.roleOf', { name: user.name })}
                      className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
                      data-testid="admin-user-role"
                    >
                      {USER_ROLES.map((value) => (
                        <option key={value} value={value}>
                          {roleLabel(value)}
                        </option>
                      ))}
                    </select>
                    {changing && <Spinner className="h-4 w-4 border-2" />}
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    <ButtonLink
                      to={`/admin/edit/users/${encodeURIComponent(user.id)}`}
                      variant="outline"
                      size="sm"
                      aria-label={t('admin.users.editNamed', { name: user.name })}
                    >
                      {t('common.edit')}
                    </ButtonLink>
                    <Button variant="destructive" size="sm" onClick={() => setConfirming(user)} aria-label={t('admin.users.deleteNamed', { name: user.name })}>
                      {t('common.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {!failed && <LoadMore list={list} label={t('admin.users.loadMore')} />}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('admin.users.confirmTitle')}
        description={confirming ? t('admin.users.confirmText', { name: confirming.name, email: confirming.email }) : ''}
        confirmLabel={t('admin.users.confirmDelete')}
        pending={remove.isPending}
        onConfirm={() => confirming && onDelete(confirming)}
      />
    </section>
  );
}
