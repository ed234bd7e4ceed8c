import { useContext, useState } from 'react';
import { doneMessage } from '../../../common/actions.ts';
import { createCalendarFeedAction, revokeCalendarFeedAction, webcalUrl } from '../../../common/calendars-basics.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { FlashContext } from '../../lib/flash.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { dateTimeFormat } from '../../lib/intl.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useDisplayTimeZone, useHydrated } from '../../lib/use-hydrated.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendars.api.ts';

/**
 * The own profile's "Calendar feed": a secret address of the events one goes to, made, replaced or
 * revoked with plain forms. Its address is told once: in the answer (with scripts) or in the
 * message of the page the form came back to (without), which this block also shows.
 */
export function CalendarFeedSettings({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const flash = useContext(FlashContext);
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<string | null>(null);
  const fromFlash = flash?.title === 'calendars.feed.created' ? (flash.params?.url ?? null) : null;
  const address = made ?? (create.isIdle && feed.data?.active ? fromFlash : null);
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: useDisplayTimeZone() });
  const busy = create.isPending || revoke.isPending;

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setMade(answer.url);
        // Not the plain form's message: the address is shown in the block itself, not in the toast.
        notify('success', t('calendars.feed.created'));
      },
      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        // The same message as the plain form's (common/calendars-basics.ts).
        notifyFlash(t, doneMessage(revokeCalendarFeedAction, null, {}));
      },
      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
    });

  return (
    <SettingsSection id="calendar-feed" title={t('calendars.feed.title')} intro={t('calendars.feed.text')} query={feed} className={className}>
      {(status) => (
        <div className="mt-4 space-y-4">
          {address ? (
            <FeedAddress url={address} />
          ) : (
            <p className="text-sm text-slate-700" data-testid="calendar-feed-state">
              {status.active && status.createdAt ? t('calendars.feed.active', { date: date.format(new Date(status.createdAt)) }) : t('calendars.feed.none')}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <ActionForm action={createCalendarFeedAction} onSubmit={onCreate}>
              <Button type="submit" variant={status.active ? 'outline' : 'default'} disabled={busy} data-testid="calendar-feed-create">
                {status.active ? t('calendars.feed.replace') : t('calendars.feed.create')}
              </Button>
            </ActionForm>
            {status.active && (
              <ActionForm action={revokeCalendarFeedAction} onSubmit={onRevoke}>
                <Button type="submit" variant="destructive" disabled={busy} data-testid="calendar-feed-revoke">
                  {t('calendars.feed.revoke')}
                </Button>
              </ActionForm>
            )}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}

/** The new address, to select or copy (copying needs the scripts), and to open in a calendar app. */
function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notify('success', t('calendars.feed.copied')),
      (error: unknown) => notify('error', t('errors.INTERNAL_ERROR'), errorText(t, error)),
    );
  return (
    <div className="space-y-2">
      <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-slate-700">
        {t('calendars.feed.address')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="calendar-feed-url"
          readOnly
          dir="ltr"
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          data-testid="calendar-feed-url"
        />
        {hydrated && (
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {t('calendars.feed.copy')}
          </Button>
        )}
      </div>
      <a href={webcalUrl(url)} className="text-sm font-semibold text-brand-700 hover:underline">
        {t('calendars.feed.open')}
      </a>
    </div>
  );
}
