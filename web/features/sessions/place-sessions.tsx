import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import type { Session } from '../../../common/sessions.ts';
import { doneMessage } from '../../../common/actions.ts';
import { deleteSessionAction } from '../../../common/sessions-basics.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useRelativeTime } from '../../lib/localized.ts';
import { useMe } from '../../lib/session.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { DeletePostForm, PersonPost } from '../../components/content/person-post.tsx';
import { useDurationText } from './session-format.ts';
import { SessionForm } from './session-form.tsx';
import { SessionPhotos } from './session-photos.tsx';
import { useDeleteSession, usePlaceSessions } from './sessions.api.ts';

type SectionPlace = { id: string; name: string; disciplineId: string; visibility: 'public' | 'crew' | 'private' };

/**
 * A place's sessions (issue 20, item 1): who is out now (the last 3 hours), the sessions before,
 * and, for a rider signed in, the form to log one.
 */
export function PlaceSessionsSection({ place }: { place: SectionPlace }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const { pathname, search } = useLocation();
  const { data, isLoading, error } = usePlaceSessions(place.id);

  return (
    <section className="mt-10" aria-labelledby="sessions-title" data-testid="place-sessions">
      <h2 id="sessions-title" className="text-xl font-bold text-slate-900">
        {t('sessions.title')}
      </h2>
      {user ? (
        <SessionForm place={place} userId={user.id} />
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          <Link to={`/login?next=${encodeURIComponent(pathname + search)}`} className="font-semibold text-brand-700 hover:underline">
            {t('sessions.loginToLog')}
          </Link>
        </p>
      )}
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorText(t, error)}
        </p>
      ) : isLoading || !data ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : (
        <>
          <SessionList title={t('sessions.outNow')} empty={t('sessions.outNowNone')} sessions={data.outNow} testId="sessions-out-now" />
          <SessionList title={t('sessions.recent')} empty={t('sessions.recentNone')} sessions={data.recent} testId="sessions-recent" />
        </>
      )}
    </section>
  );
}

function SessionList({ title, empty, sessions, testId }: { title: string; empty: string; sessions: Session[]; testId: string }) {
  return (
    <div className="mt-6" data-testid={testId}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {sessions.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SessionItem({ session }: { session: Session }) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const age = useRelativeTime();
  const remove = useDeleteSession();
  const onDelete = () =>
    remove.mutate(session.id, {
      onSuccess: () => notifyFlash(t, doneMessage(deleteSessionAction, null, { id: session.id })),
      onError: (e) => notify('error', t('sessions.error'), errorText(t, e)),
    });

  const meta = (
    <>
      <time dateTime={session.startedAt} suppressHydrationWarning>
        {age(session.startedAt)}
      </time>
      {session.durationMinutes !== null && <> · {duration(session.durationMinutes)}</>}
      {session.visibility !== 'public' && <> · {t(`sessions.visibilityValue.${session.visibility}`)}</>}
    </>
  );
  return (
    <PersonPost author={session.author} meta={meta} testId="session-item">
      {session.companions.length > 0 && (
        <p className="text-sm text-slate-600">
          {t('sessions.with')}{' '}
          {session.companions.map((person, i) => (
            <span key={person.id}>
              {i > 0 && ', '}
              <Link dir="auto" to={`/profile/${person.id}`} className="font-medium text-slate-800 hover:underline">
                {person.name}
              </Link>
            </span>
          ))}
        </p>
      )}
      {session.tricks.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('sessions.tricks')}>
          {session.tricks.map((trick) => (
            <li key={trick.id}>
              <Link
                dir="auto"
                to={contentPath('trick', session.disciplineId, trick.id)}
                className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 hover:underline"
              >
                {trick.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {session.note && (
        <p dir="auto" className="break-words text-slate-700">
          {session.note}
        </p>
      )}
      <SessionPhotos session={session} />
      {session.canDelete && (
        <DeletePostForm
          action={deleteSessionAction}
          fields={{ id: session.id }}
          onDelete={onDelete}
          pending={remove.isPending}
          label={t('sessions.delete')}
          className="flex justify-end pt-1"
        />
      )}
    </PersonPost>
  );
}
