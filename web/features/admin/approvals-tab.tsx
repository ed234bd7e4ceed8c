import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import type { Approval } from '../../../common/approvals.ts';
import type { RevisionChange } from '../../../common/revisions.ts';
import { useRevisionLabel, useRevisionText, type RevisionSection } from '../../components/content/pending-revision-notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDecideApproval, usePendingApprovals } from './admin.api.ts';
import { AdminTable, LoadFailed, ViewLink } from './admin-table.tsx';
import { itemPath } from './item-path.ts';

export function ApprovalsTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const { data, isLoading, isError, error, refetch } = usePendingApprovals();
  const decide = useDecideApproval();

  useEffect(() => {
    if (isError) notify('error', t('admin.approvals.fetchError'), errorText(t, error));
  }, [isError, error, t]);

  const onDecide = (approval: Approval, decision: 'approved' | 'rejected') =>
    decide.mutate(
      { id: approval.id, decision, version: approval.version },
      {
        onSuccess: () => notify('success', t(decision === 'approved' ? 'admin.approvals.approved' : 'admin.approvals.rejected'), approval.itemName),
        onError: (err) => {
          // The list refreshes (the mutation refetches): an item changed since shows its new version to
          // review; one another admin decided first leaves the queue.
          if (err instanceof ApiError && err.code === 'APPROVAL_STALE') notify('info', t('admin.approvals.changed'), t('errors.APPROVAL_STALE'));
          else if (err instanceof ApiError && err.status === 409) notify('info', t('admin.approvals.alreadyDecided'), t('admin.approvals.alreadyDecidedText'));
          else notify('error', t('admin.approvals.updateError'), errorText(t, err));
        },
      },
    );

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!data) return <LoadFailed text={t('admin.approvals.fetchError')} onRetry={() => void refetch()} />;
  if (data.length === 0) return <EmptyList icon="✅" title={t('admin.approvals.empty')} text={t('admin.approvals.emptyText')} testId="admin-approvals-empty" />;

  const busyId = decide.isPending ? decide.variables?.id : undefined;
  return (
    <AdminTable
      caption={t('admin.approvals.caption', { count: data.length })}
      columns={[
        t('admin.approvals.columns.type'),
        t('admin.approvals.columns.name'),
        t('admin.approvals.columns.submitter'),
        t('admin.approvals.columns.date'),
        t('admin.approvals.columns.actions'),
      ]}
      minWidth="min-w-[44rem]"
    >
      {data.map((approval) => {
        const path = itemPath(approval);
        const busy = busyId === approval.id;
        return (
          <tr key={approval.id} data-testid="admin-approval-row">
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{t(`admin.types.${approval.itemType}`)}</td>
            <td className="max-w-md px-4 py-3 font-semibold break-words text-slate-900">
              {approval.itemName}
              {approval.changes && <RevisionChanges approval={approval} changes={approval.changes} />}
            </td>
            <td className="px-4 py-3">
              {approval.submittedBy ? (
                <Link to={`/profile/${approval.submittedBy.id}`} className="text-brand-700 hover:underline">
                  {approval.submittedBy.name}
                </Link>
              ) : (
                <span className="text-slate-500">{t('admin.approvals.unknownSubmitter')}</span>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-600">
              <time dateTime={approval.createdAt}>{formatDate(approval.createdAt)}</time>
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap justify-end gap-2">
                {path && (
                  <ViewLink href={path} label={t('admin.approvals.viewNamed', { name: approval.itemName })}>
                    {t('admin.approvals.view')}
                  </ViewLink>
                )}
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => onDecide(approval, 'approved')}
                  aria-label={t('admin.approvals.approveNamed', { name: approval.itemName })}
                >
                  {t('admin.approvals.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={busy}
                  onClick={() => onDecide(approval, 'rejected')}
                  aria-label={t('admin.approvals.rejectNamed', { name: approval.itemName })}
                >
                  {t('admin.approvals.reject')}
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

/** An edit of an approved item: each changed field's public value beside the proposed one. */
function RevisionChanges({ approval, changes }: { approval: Approval; changes: RevisionChange[] }) {
  const { t } = useTranslation();
  // Each section's form labels live under its plural (place → places, team → teams).
  const labelOf = useRevisionLabel(`${approval.itemType}s` as RevisionSection);
  const textOf = useRevisionText(`${approval.itemType}s` as RevisionSection);
  return (
    <div className="mt-2 font-normal" data-testid="admin-approval-changes">
      <p className="text-xs font-semibold text-amber-800">{t('admin.approvals.edited')}</p>
      <table className="mt-1 w-full border-collapse text-start text-xs">
        <caption className="sr-only">{t('admin.approvals.changesCaption', { name: approval.itemName })}</caption>
        <thead>
          <tr className="text-slate-500">
            <th scope="col" className="py-1 pe-2 text-start font-semibold">
              {t('admin.approvals.field')}
            </th>
            <th scope="col" className="py-1 pe-2 text-start font-semibold">
              {t('admin.approvals.before')}
            </th>
            <th scope="col" className="py-1 text-start font-semibold">
              {t('admin.approvals.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pe-2 text-start font-semibold text-slate-700">
                {labelOf(change.field)}
              </th>
              <td className="py-1 pe-2 whitespace-pre-line text-slate-500">
                <span className="line-clamp-4">{textOf(change.field, change.before)}</span>
              </td>
              <td className="py-1 whitespace-pre-line text-slate-900">
                <span className="line-clamp-4">{textOf(change.field, change.after)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
