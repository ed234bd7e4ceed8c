import { useTranslation } from '../../lib/i18n-binding.tsx';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { Event } from '../../../common/events.ts';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { eventShare } from '../../lib/share.ts';
import { useMe } from '../../lib/session.ts';
import { CommentsSection, LikeButton } from '../reactions/index.ts';
import { Attendance, EventDates, EventPicture, RsvpButton, TypeBadge, usePriceText } from './event-card.tsx';
import { eventKeys, useDeleteEvent, useEvent, useEventAttendees } from './events.api.ts';
import { ItemPhotos } from '../../components/content/photo-gallery.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { contentPath } from '../../../common/content-basics.ts';
import { EventPlaceWarning } from './event-place-warning.tsx';
import { AddToCalendarLink } from '../calendars/index.ts';
import { SeriesLine } from './event-series.tsx';

const EventFormDialog = lazyNamed(() => import('./event-form-dialog.tsx'), 'EventFormDialog');
// Its organiser's only (and drawn once the app runs): it comes with the page of those who see it.
const DeleteFollowing = lazyNamed(() => import('./event-series-delete.tsx'), 'DeleteFollowing');

/** /discipline/:disciplineId/events/:eventId: one event, shareable, with its RSVP, attendees, likes and comments. */
export default function EventPage() {
  const { disciplineId = '', eventId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const price = usePriceText();
  const { user } = useMe();
  const { data: event, isLoading } = useEvent(eventId);
  const remove = useDeleteEvent();
  const listPath = `/discipline/${disciplineId}/events`;
  usePageMeta(event ? event.name : isLoading ? undefined : t('errors.CONTENT_NOT_FOUND'), event ? `${event.name}, ${event.location}` : undefined, {
    share: event ? eventShare(event) : undefined,
  });

  if (isLoading) return <PageSpinner />;
  if (!event || event.disciplineId !== disciplineId) {
    return <StateMessage icon="📅" title={t('errors.CONTENT_NOT_FOUND')} homeLabel={t('common.returnHome')} />;
  }
  const canEdit = event.mine || user?.role === 'admin';

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink to={listPath}>{t('content.backToList', { section: t('nav.events') })}</BackLink>
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <EventPicture event={event} className="h-72" />
        <div className="space-y-5 p-6">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={event.type} />
            <StatusBadge status={event.status} />
          </div>
          <h1 dir="auto" className="text-3xl font-extrabold break-words text-slate-900">
            {event.name}
          </h1>
          <EventPlaceWarning event={event} />
          <dl className="grid gap-3 text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="text-xs font-semibold text-slate-500 uppercase">{t('events.when')}</dt>
              <dd>
                <EventDates event={event} withTime />
                {event.series && (
                  <div className="text-sm text-slate-600">
                    <SeriesLine series={event.series} />
                  </div>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-slate-500 uppercase">{t('events.where')}</dt>
              <dd className="break-words">{event.location}</dd>
            </div>
            {event.place && (
              <div>
                <dt className="text-xs font-semibold text-slate-500 uppercase">{t('events.spot')}</dt>
                <dd>
                  <Link
                    dir="auto"
                    to={contentPath('place', event.place.disciplineId, event.place.id)}
                    className="font-semibold text-slate-900 hover:underline"
                    data-testid="event-place-link"
                  >
                    {event.place.name}
                  </Link>
                  {/* Everyone sees the spot's access today; only its organiser is warned about the event's dates. */}
                  {event.place.accessStatus !== 'open' && (
                    <span className="ms-2 text-sm text-slate-600" data-testid="event-place-access">
                      ({t(`places.access.status.${event.place.accessStatus}`)})
                    </span>
                  )}
                </dd>
              </div>
            )}
            <div>
              <dt className="text-xs font-semibold text-slate-500 uppercase">{t('events.price')}</dt>
              <dd className="font-semibold" data-testid="event-price">
                {price(event.price)}
              </dd>
            </div>
            {event.author && (
              <div>
                <dt className="text-xs font-semibold text-slate-500 uppercase">{t('events.organizer')}</dt>
                <dd className="flex items-center gap-2">
                  <Avatar person={event.author} />
                  <Link dir="auto" to={`/profile/${event.author.id}`} className="font-semibold text-slate-900 hover:underline" data-testid="event-organizer">
                    {event.author.name}
                  </Link>
                </dd>
              </div>
            )}
          </dl>
          <p dir="auto" className="whitespace-pre-line text-slate-700">
            {event.description}
          </p>
          <div className="space-y-3 rounded-xl bg-slate-50 p-4">
            <Attendance event={event} />
            <div className="flex flex-wrap items-center gap-3">
              <RsvpButton event={event} size="lg" />
              <AddToCalendarLink eventId={event.id} series={!!event.series} />
              {event.myRsvp === 'going' && <span className="text-sm font-semibold text-emerald-700">{t('events.youAreGoing')}</span>}
              {event.myRsvp === 'waitlist' && (
                <span className="text-sm font-semibold text-amber-700">
                  {event.waitlistPosition ? t('events.waitlistPosition', { position: event.waitlistPosition }) : t('events.onWaitlist')}
                </span>
              )}
            </div>
            <Attendees event={event} />
          </div>
          <ItemPhotos type="event" id={event.id} name={event.name} photos={event.photos} canEdit={canEdit} queryKey={eventKeys.all} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <LikeButton type="event" id={event.id} reactions={event.reactions} name={event.name} />
            {canEdit && (
              <div className="flex flex-wrap gap-2">
                {event.series && <DeleteFollowing event={event} onDeleted={() => void navigate(listPath)} />}
                <OwnerActions
                  item={event}
                  section="events"
                  listPath={listPath}
                  name={event.name}
                  remove={remove}
                  onDeleted={() => void navigate(listPath)}
                  Editor={EventFormDialog}
                />
              </div>
            )}
          </div>
        </div>
      </article>
      <PendingRevisionNotice revision={event.pendingRevision} section="events" />
      <CommentsSection type="event" id={event.id} />
    </div>
  );
}

/** The avatars of the people going, each linking to their profile, and '+N more'. */
function Attendees({ event }: { event: Event }) {
  const { t } = useTranslation();
  const { data } = useEventAttendees(event.id, event.attendees > 0);
  if (event.attendees === 0) return <p className="text-sm text-slate-600">{t('events.noAttendees')}</p>;
  if (!data) return null;
  const more = data.total - data.items.length;
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('events.whoIsGoing')}</h2>
      <ul className="flex flex-wrap items-center gap-2" data-testid="event-attendees">
        {data.items.map((person) => (
          <li key={person.id}>
            <Link
              to={`/profile/${person.id}`}
              title={person.name}
              aria-label={person.name}
              className="block rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Avatar person={person} />
            </Link>
          </li>
        ))}
        {more > 0 && <li className="text-sm text-slate-600">{t('events.moreAttendees', { count: more })}</li>}
      </ul>
    </div>
  );
}
