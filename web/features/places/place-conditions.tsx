import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import {
  CONDITION_CHOICES,
  CONDITION_FIELDS,
  CONDITION_NOTE_MAX,
  deleteConditionReportAction,
  likeConditionReportAction,
  unlikeConditionReportAction,
  type ConditionKind,
} from '../../../common/conditions-basics.ts';
import { doneMessage } from '../../../common/actions.ts';
import type { ConditionReport, ConditionReportInput } from '../../../common/conditions.ts';
import { LikeToggle } from '../../components/content/like-toggle.tsx';
import { DeletePostForm, PersonPost } from '../../components/content/person-post.tsx';
import { PhotoGallery, PhotoUploadForm } from '../../components/content/photo-gallery.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { apiUpload } from '../../lib/api.ts';
import { formatCount } from '../../lib/intl.ts';
import { useRelativeTime } from '../../lib/localized.ts';
import { useMe } from '../../lib/session.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { isQueued, notifyUnsent } from '../../lib/queued.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { conditionParts } from './condition-summary.tsx';
import { useDeleteConditionReport, useLikeConditionReport, usePlaceConditions, useReportConditions } from './conditions.api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PHOTO_ACCEPT } from '../../../common/photos-basics.ts';
import { reportConditionsAction } from '../../../common/conditions-basics.ts';

/**
 * A place's conditions (issue 20, item 2): a report in a tap per question, then the reports still
 * current with their reporter, age, answers, note and likes. Every control is a form (the
 * `report-conditions`, `delete-condition-report` and `like-…` actions): before the scripts the
 * server does it and shows the page again; with them it runs in place.
 */
export function PlaceConditionsSection({ placeId }: { placeId: string }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const { pathname, search } = useLocation();
  const { data, isLoading } = usePlaceConditions(placeId);

  return (
    <section className="mt-10" aria-labelledby="conditions-title" data-testid="place-conditions">
      <h2 id="conditions-title" className="text-xl font-bold text-slate-900">
        {t('places.conditions.title')}
      </h2>
      {isLoading || !data ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : (
        <>
          {user ? (
            <ReportForm placeId={placeId} kind={data.kind} />
          ) : (
            <p className="mt-4 text-sm text-slate-600">
              <Link to={`/login?next=${encodeURIComponent(pathname + search)}`} className="font-semibold text-brand-700 hover:underline">
                {t('places.conditions.loginToReport')}
              </Link>
            </p>
          )}
          {data.reports.length === 0 ? (
            <p className="mt-4 text-slate-600">
              <strong className="font-semibold">{t('places.conditions.none')}</strong> {t('places.conditions.noneText')}
            </p>
          ) : (
            <ul className="mt-6 space-y-3">
              {data.reports.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** One radio group per question of the place's kind; the answers are pills, a tap each. */
function ReportForm({ placeId, kind }: { placeId: string; kind: ConditionKind }) {
  const { t } = useTranslation();
  const report = useReportConditions(placeId, t('outbox.labels.report'));
  const client = useQueryClient();
  // A new key empties the form after a report is sent.
  const [round, setRound] = useState(0);

  const { user } = useMe();
  // The photo field shows once the app runs: the plain form cannot carry a file (a report's own upload form can).
  const scripted = useHydrated();

  const submit = (form: FormData) => {
    const photo = form.get('photo');
    const answers = Object.fromEntries(CONDITION_FIELDS[kind].map((field) => [field, String(form.get(field) ?? '')]));
    const input = { kind, ...answers, note: String(form.get('note') ?? '') } as ConditionReportInput;
    report.mutate(input, {
      onSuccess: async (answer) => {
        setRound((n) => n + 1);
        const made = answer.reports.find((r) => r.author.id === user?.id);
        if (made && photo instanceof Blob && photo.size > 0) {
          try {
            await apiUpload(`/api/photos/condition_report/${encodeURIComponent(made.id)}`, photo, { method: 'POST' });
            await client.invalidateQueries();
          } catch (e) {
            notify('error', t('places.conditions.error'), errorText(t, e));
            return;
          }
        }
        notify('success', t('places.conditions.reported'));
      },
      onError: (e) => {
        if (isQueued(e)) setRound((n) => n + 1);
        notifyUnsent(t, t('places.conditions.error'), e);
      },
    });
  };

  return (
    <ActionForm
      key={round}
      action={reportConditionsAction}
      fields={{ placeId, kind }}
      onSubmit={submit}
      className="mt-4 space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      testId="condition-form"
    >
      <h3 className="font-semibold text-slate-900">{t('places.conditions.reportTitle')}</h3>
      {CONDITION_FIELDS[kind].map((field) => (
        <fieldset key={field} className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t(`places.conditions.field.${field}`)}</legend>
          <div className="flex flex-wrap gap-2">
            {CONDITION_CHOICES[field].map((value) => (
              <label key={value} className="cursor-pointer">
                {/* Required: the browser asks for every answer, scripts or not; the API checks again. */}
                <input type="radio" name={field} value={value} required className="peer sr-only" />
                <span className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                  {t(`places.conditions.value.${field}.${value}`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <label className="block space-y-1">
        <span className="text-sm font-medium text-slate-700">{t('places.conditions.note')}</span>
        <input name="note" maxLength={CONDITION_NOTE_MAX} dir="auto" className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
      </label>
      {scripted && (
        <label className="block space-y-1">
          <span className="text-sm font-medium text-slate-700">{t('places.conditions.photo')}</span>
          <input type="file" name="photo" accept={PHOTO_ACCEPT} className="block w-full text-sm" />
        </label>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={report.isPending}>
          {t('places.conditions.send')}
        </Button>
      </div>
    </ActionForm>
  );
}

function ReportItem({ report }: { report: ConditionReport }) {
  const { t } = useTranslation();
  const age = useRelativeTime();
  const remove = useDeleteConditionReport();
  const onDelete = () =>
    remove.mutate(report.id, {
      // The same message as the plain form's.
      onSuccess: (answer) => notifyFlash(t, doneMessage(deleteConditionReportAction, answer, { id: report.id })),
      onError: (e) => notify('error', t('places.conditions.error'), errorText(t, e)),
    });

  return (
    <PersonPost
      author={report.author}
      meta={
        <time dateTime={report.createdAt} suppressHydrationWarning>
          {age(report.createdAt)}
        </time>
      }
      testId="condition-report"
    >
      <p className="text-sm text-slate-800">{conditionParts(t, report).join(' · ')}</p>
      {report.note && (
        <p dir="auto" className="break-words text-slate-700">
          {report.note}
        </p>
      )}
      <ReportPhotos report={report} />
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
        <ReportLike report={report} />
        {report.canDelete && (
          <DeletePostForm
            action={deleteConditionReportAction}
            fields={{ id: report.id }}
            onDelete={onDelete}
            pending={remove.isPending}
            label={t('places.conditions.delete')}
          />
        )}
      </div>
    </PersonPost>
  );
}

/** ♥ and the count of a report, as a content item's like button. */
function ReportLike({ report }: { report: ConditionReport }) {
  const { t } = useTranslation();
  return (
    <LikeToggle
      initial={report}
      mutation={useLikeConditionReport(report.id)}
      actions={{ like: likeConditionReportAction, unlike: unlikeConditionReportAction }}
      fields={{ id: report.id }}
      label={(liked) => t(liked ? 'places.conditions.unlikeNamed' : 'places.conditions.likeNamed', { name: report.author.name })}
      testId="report-like"
    />
  );
}

/** A report's photo as a thumbnail; its reporter (or an admin) may add one, without scripts too. */
function ReportPhotos({ report }: { report: ConditionReport }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries();
  const name = conditionParts(t, report).join(' · ');
  return (
    <>
      <PhotoGallery photos={report.photos} name={name} onChanged={report.canDelete ? refresh : undefined} grid="grid-cols-3 sm:grid-cols-5" />
      {report.canDelete && report.photos.length === 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">{t('places.conditions.addPhoto')}</summary>
          <div className="mt-2">
            <PhotoUploadForm subjectType="condition_report" subjectId={report.id} count={0} onUploaded={refresh} />
          </div>
        </details>
      )}
    </>
  );
}
