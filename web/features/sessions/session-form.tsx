import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SESSION_COMPANIONS_MAX, SESSION_DURATION_MAX, SESSION_NOTE_MAX, SESSION_VISIBILITIES, type SessionInput } from '../../../common/sessions.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { apiUpload } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { isQueued, notifyUnsent } from '../../lib/queued.ts';
import { sessionKeys, useFollowing, useLogSession, useTrickChoices } from './sessions.api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useFormatNumber } from '../../lib/localized.ts';
import { PHOTO_ACCEPT } from '../../../common/photos-basics.ts';
import { logSessionAction, TIME_ZONE_COOKIE } from '../../../common/sessions-basics.ts';

const inputClass = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const pill =
  'inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600';

type FormPlace = { id: string; name: string; disciplineId: string; visibility: 'public' | 'crew' | 'private' };

/** Tells the server the browser's time zone in a cookie, when it is not already what the cookie says. */
function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

/** The form's fields as the API takes them; the day and time typed are the browser's own time. */
function inputOf(placeId: string, form: FormData): SessionInput {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const minutes = text('durationMinutes') === '' ? undefined : Number(text('durationMinutes'));
  const common = {
    placeId,
    note: text('note'),
    trickIds: form.getAll('trickId').map(String),
    companionIds: form.getAll('companionId').map(String),
    visibility: text('visibility') as SessionInput['visibility'],
  };
  if (text('when') !== 'earlier') return { when: 'now', ...common, ...(minutes === undefined ? {} : { durationMinutes: minutes }) };
  const start = new Date(`${text('date')}T${text('time')}`);
  return { when: 'earlier', ...common, startedAt: Number.isNaN(start.getTime()) ? '' : start.toISOString(), durationMinutes: minutes as number };
}

/**
 * "Log a session" (the `log-session` action): now, or earlier with its day, time and length; a
 * note; the tricks landed among the sport's approved ones; who came, among the people the rider
 * follows; who sees it. A plain form before the scripts; with them it runs in place.
 */
export function SessionForm({ place, userId }: { place: FormPlace; userId: string }) {
  const { t } = useTranslation();
  const log = useLogSession(t('outbox.labels.session', { place: place.name }));
  const tricks = useTrickChoices(place.disciplineId, true);
  const following = useFollowing(userId);
  const secret = place.visibility !== 'public';
  // A new key empties the form once a session is logged.
  const [round, setRound] = useState(0);
  const [when, setWhen] = useState<'now' | 'earlier'>('now');
  // The choice is the radio's own (uncontrolled): one made before the scripts ran is kept, and taken up here.
  const whenField = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (whenField.current?.querySelector<HTMLInputElement>('input[name="when"]:checked')?.value === 'earlier') setWhen('earlier');
  }, [round]);
  const choices = (tricks.data?.items ?? []).filter((trick) => trick.status === 'approved');
  const people = following.data ?? [];
  const client = useQueryClient();
  // The photo field shows once the app runs: the plain form cannot carry a file (the session's own upload form can).
  const scripted = useHydrated();
  const number = useFormatNumber();

  // The browser's zone, for this site's plain forms on a later visit without scripts (TIME_ZONE_COOKIE).
  useEffect(() => rememberTimeZone(), []);

  const submit = (form: FormData) => {
    const photo = form.get('photo');
    log.mutate(inputOf(place.id, form), {
      onSuccess: async (made) => {
        setRound((n) => n + 1);
        setWhen('now');
        if (photo instanceof Blob && photo.size > 0) {
          // The session stays logged when its photo is refused; its author can add one on it.
          try {
            await apiUpload(`/api/photos/session/${encodeURIComponent(made.id)}`, photo, { method: 'POST' });
            await client.invalidateQueries({ queryKey: sessionKeys.all });
          } catch (e) {
            notify('error', t('sessions.photoError'), errorText(t, e));
            return;
          }
        }
        notify('success', t('sessions.logged'));
      },
      onError: (e) => {
        // Kept for later: the form is done with it as with one sent.
        if (isQueued(e)) setRound((n) => n + 1);
        notifyUnsent(t, t('sessions.error'), e);
      },
    });
  };

  return (
    <ActionForm
      key={round}
      action={logSessionAction}
      fields={{ placeId: place.id }}
      onSubmit={submit}
      className="mt-4 space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      testId="session-form"
    >
      <h3 className="font-semibold text-slate-900">{t('sessions.logTitle')}</h3>
      <fieldset ref={whenField} className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('sessions.when')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['now', 'earlier'] as const).map((value) => (
            <label key={value} className="cursor-pointer">
              <input type="radio" name="when" value={value} defaultChecked={value === 'now'} onChange={() => setWhen(value)} className="peer sr-only" />
              <span className={pill}>{t(`sessions.whenValue.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* Always in the page (a form without scripts cannot show them on demand); for "now" they may stay empty. */}
      <fieldset className="grid gap-3 sm:grid-cols-3" data-testid="session-earlier">
        <legend className="sr-only">{t('sessions.earlierHint')}</legend>
        <label className="block space-y-1">
          <span className="text-sm font-medium text-slate-700">{t('sessions.date')}</span>
          <input type="date" name="date" required={when === 'earlier'} dir="ltr" className={inputClass} />
        </label>
        <label className="block space-y-1">
          <span className="text-sm font-medium text-slate-700">{t('sessions.time')}</span>
          <input type="time" name="time" required={when === 'earlier'} dir="ltr" className={inputClass} />
        </label>
        <label className="block space-y-1">
          <span className="text-sm font-medium text-slate-700">{t('sessions.duration')}</span>
          <input type="number" name="durationMinutes" min={1} max={SESSION_DURATION_MAX} required={when === 'earlier'} dir="ltr" className={inputClass} />
        </label>
        {/* Without scripts the day and time are read on the clock of this zone (server/features/sessions/session-form.ts); with them, the browser's. */}
        <noscript>
          <label className="block space-y-1 sm:col-span-3">
            <span className="text-sm font-medium text-slate-700">{t('sessions.timeZone')}</span>
            <select name="timeZone" defaultValue="" dir="ltr" className={inputClass}>
              <option value="">{t('sessions.timeZoneRemembered')}</option>
              {Intl.supportedValuesOf('timeZone').map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
        </noscript>
        <p className="text-xs text-slate-500 sm:col-span-3">{t('sessions.earlierHint')}</p>
      </fieldset>
      <label className="block space-y-1">
        <span className="text-sm font-medium text-slate-700">{t('sessions.note')}</span>
        <input name="note" maxLength={SESSION_NOTE_MAX} dir="auto" className={inputClass} />
      </label>
      <CheckboxPills legend={t('sessions.tricks')} empty={t('sessions.noTricks')} name="trickId" options={choices} />
      <CheckboxPills
        legend={t('sessions.companions')}
        empty={t('sessions.noCompanions')}
        name="companionId"
        options={people}
        hint={t('sessions.companionsHint', { max: number(SESSION_COMPANIONS_MAX) })}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('sessions.visibility')}</legend>
        <div className="flex flex-wrap gap-2">
          {SESSION_VISIBILITIES.map((value) => (
            <label key={value} className={secret && value === 'public' ? 'cursor-not-allowed opacity-50' : 'cursor-pointer'}>
              <input
                type="radio"
                name="visibility"
                value={value}
                defaultChecked={value === (secret ? 'followers' : 'public')}
                disabled={secret && value === 'public'}
                className="peer sr-only"
              />
              <span className={pill}>{t(`sessions.visibilityValue.${value}`)}</span>
            </label>
          ))}
        </div>
        {secret && <p className="text-xs text-slate-500">{t('sessions.secretPlace')}</p>}
      </fieldset>
      {scripted ? (
        <label className="block space-y-1">
          <span className="text-sm font-medium text-slate-700">{t('sessions.photo')}</span>
          <input type="file" name="photo" accept={PHOTO_ACCEPT} className="block w-full text-sm" data-testid="session-photo" />
        </label>
      ) : (
        <p className="text-xs text-slate-500">{t('sessions.photoLater')}</p>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={log.isPending}>
          {t('sessions.send')}
        </Button>
      </div>
    </ActionForm>
  );
}

/** A set of checkboxes drawn as pills (tricks landed, companions), or a line saying there is none to pick. */
function CheckboxPills({
  legend,
  empty,
  name,
  options,
  hint,
}: {
  legend: string;
  empty: string;
  name: string;
  options: { id: string; name: string }[];
  hint?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            {options.map((option) => (
              <label key={option.id} className="cursor-pointer">
                <input type="checkbox" name={name} value={option.id} className="peer sr-only" />
                <span dir="auto" className={pill}>
                  {option.name}
                </span>
              </label>
            ))}
          </div>
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </>
      )}
    </fieldset>
  );
}
