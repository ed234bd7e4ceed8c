import { discardDeadJobAction, retryDeadJobAction } from '../../../common/admin-jobs-basics.ts';
import type { JobFailureItem } from '../../../common/admin-jobs.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useAdminJobs, useDeadJobAction } from './admin-jobs.api.ts';
import { AdminTable, LoadFailed } from './admin-table.tsx';

const KNOWN_QUEUES = ['mail', 'push', 'digest', 'cleanup', 'share-card'];

/**
 * Jobs (issue 39): each queue's waiting, running, failed and dead jobs; the last failed runs with
 * their error; the dead jobs, each retried or discarded by a plain form too.
 */
export function JobsTab() {
  const { t } = useTranslation();
  const jobs = useAdminJobs();
  const queueName = (queue: string) => (KNOWN_QUEUES.includes(queue) ? t(`admin.jobs.queues.${queue}`) : queue);

  if (jobs.isLoading) return <Spinner label={t('common.loading')} />;
  if (jobs.isError || !jobs.data) {
    return <LoadFailed text={t('admin.jobs.fetchError')} detail={errorText(t, jobs.error)} onRetry={() => void jobs.refetch()} testId="admin-jobs-error" />;
  }
  const { queues, failures, dead } = jobs.data;
  return (
    <div className="space-y-10" data-testid="admin-jobs">
      <section aria-labelledby="admin-jobs-queues" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="admin-jobs-queues" className="text-xl font-bold text-slate-900">
            {t('admin.jobs.caption')}
          </h2>
          <Button variant="outline" size="sm" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
            {t('admin.jobs.refresh')}
          </Button>
        </div>
        <p className="text-sm text-slate-600">{t('admin.jobs.intro')}</p>
        <AdminTable
          caption={t('admin.jobs.caption')}
          columns={['queue', 'waiting', 'active', 'failed', 'dead'].map((c) => t(`admin.jobs.columns.${c}`))}
          minWidth="min-w-[32rem]"
          testId="admin-jobs-queues"
        >
          {queues.map((q) => (
            <tr key={q.queue} data-testid={`admin-jobs-queue-${q.queue}`}>
              <th scope="row" className="px-4 py-3 text-start font-semibold text-slate-900">
                {queueName(q.queue)}
              </th>
              <td className="px-4 py-3 tabular-nums">{q.waiting}</td>
              <td className="px-4 py-3 tabular-nums">{q.active}</td>
              <td className="px-4 py-3 tabular-nums">{q.failed}</td>
              <td className={`px-4 py-3 text-end tabular-nums ${q.dead > 0 ? 'font-bold text-red-700' : ''}`}>{q.dead}</td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <FailureSection
        id="admin-jobs-dead"
        title={t('admin.jobs.deadTitle')}
        empty={t('admin.jobs.deadEmpty')}
        intro={t('admin.jobs.deadIntro')}
        items={dead}
        queueName={queueName}
        withActions
      />
      <FailureSection
        id="admin-jobs-failures"
        title={t('admin.jobs.failuresTitle')}
        empty={t('admin.jobs.failuresEmpty')}
        items={failures}
        queueName={queueName}
      />
    </div>
  );
}

/** A list of jobs that failed (the dead ones, with their actions; the last failed runs), or its empty state. */
function FailureSection({
  id,
  title,
  empty,
  intro,
  items,
  queueName,
  withActions = false,
}: {
  id: string;
  title: string;
  empty: string;
  intro?: string;
  items: JobFailureItem[];
  queueName: (queue: string) => string;
  withActions?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <EmptyList icon="✅" title={title} text={empty} testId={`${id}-empty`} />
      ) : (
        <>
          {intro && <p className="text-sm text-slate-600">{intro}</p>}
          <FailureTable items={items} caption={title} queueName={queueName} withActions={withActions} testId={id} />
        </>
      )}
    </section>
  );
}

function FailureTable({
  items,
  caption,
  queueName,
  withActions = false,
  testId,
}: {
  items: JobFailureItem[];
  caption: string;
  queueName: (queue: string) => string;
  withActions?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const act = useDeadJobAction();
  const run = (item: JobFailureItem, retry: boolean) =>
    act.mutate(
      { id: item.id, retry },
      {
        onSuccess: () => notify('success', t(retry ? 'admin.jobs.retried' : 'admin.jobs.discarded')),
        onError: (error) => notify('error', t('admin.jobs.actionFailed'), errorText(t, error)),
      },
    );
  const columns = ['queue', 'error', 'attempts', 'when', ...(withActions ? ['actions'] : [])].map((c) => t(`admin.jobs.columns.${c}`));
  return (
    <AdminTable caption={caption} columns={columns} minWidth="min-w-[44rem]" busy={act.isPending} testId={testId}>
      {items.map((item) => {
        const names = { queue: queueName(item.queue), date: formatDate(item.at) };
        return (
          <tr key={item.id} data-testid={`${testId}-row`}>
            <td className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900">{names.queue}</td>
            {/* An error is the outside world's words (an SMTP server's, a push service's): shown as written, left to right. */}
            <td dir="ltr" className="max-w-md px-4 py-3 font-mono text-xs break-words text-slate-700">
              {item.error || '—'}
            </td>
            <td className="px-4 py-3 tabular-nums">{item.attempts}</td>
            <td className={`px-4 py-3 whitespace-nowrap text-slate-600 ${withActions ? '' : 'text-end'}`}>
              <time dateTime={item.at}>{names.date}</time>
            </td>
            {withActions && (
              <td className="px-4 py-3 text-end whitespace-nowrap">
                <div className="flex justify-end gap-2">
                  <ActionForm action={retryDeadJobAction} fields={{ id: item.id }} onSubmit={() => run(item, true)}>
                    <Button type="submit" size="sm" variant="outline" aria-label={t('admin.jobs.retryNamed', names)} disabled={act.isPending}>
                      {t('admin.jobs.retry')}
                    </Button>
                  </ActionForm>
                  <ActionForm action={discardDeadJobAction} fields={{ id: item.id }} onSubmit={() => run(item, false)}>
                    <Button type="submit" size="sm" variant="destructive" aria-label={t('admin.jobs.discardNamed', names)} disabled={act.isPending}>
                      {t('admin.jobs.discard')}
                    </Button>
                  </ActionForm>
                </div>
              </td>
            )}
          </tr>
        );
      })}
    </AdminTable>
  );
}
