import { pictureOf } from '../../../common/photos-basics.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { cancelRsvpAction, rsvpAction, type EventType } from '../../../common/events-basics.ts';
import { doneMessage } from '../../../common/actions.ts';
import type { Event } from '../../../common/events.ts';
import { ItemLocation, ItemPicture } from '../../components/content/item-picture.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { notifyFlash } from '../../lib/toast.ts';
import { notifyUnsent } from '../../lib/queued.ts';
import { useDisplayTimeZone } from '../../lib/use-hydrated.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { CardReactions } from '../reactions/index.ts';
import { useRsvp } from './events.api.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { dateTimeFormat } from '../../lib/intl.ts';
import { useFormatPrice } from '../../lib/localized.ts';

const TYPE_STYLES: Record<EventType, string> = {
  Competition: 'bg-rose-100 text-rose-800',
  Meetup: 'bg-sky-100 text-sky-800',
  Festival: 'bg-amber-100 text-amber-800',
  Workshop: 'bg-emerald-100 text-emerald-800',
};

const TYPE_ICONS: Record<EventType, string> = { Competition: '🏆', Meetup: '🤙', Festival: '🎉', Workshop: '🛠️' };

export function TypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TYPE_STYLES[type]}`} data-testid="event-type">
      {t(`events.types.${type}`)}
    </span>
  );
}

export function EventPicture({ event, className = 'h-44' }: { event: Event; className?: string }) {
  return <ItemPicture src={pictureOf(event)} className={className} placeholder="from-orange-400 via-rose-500 to-purple-700" icon={TYPE_ICONS[event.type]} />;
}

/** 'Jan 5, 2026', or 'Jan 5, 2026 – Jan 7, 2026' when it ends on another day; with times when `withTime`. */
export function EventDates({ event, withTime = false }: { event: Event; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const timeZone = useDisplayTimeZone();
  const format = dateTimeFormat(lang, {
    ...(withTime
      ? { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }
      : { month: 'short', day: 'numeric', year: 'numeric' }),
    timeZone,
  } as const);
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  // Another day in the zone the dates are shown in.
  const showEnd = withTime ? end.getTime() !== start.getTime() : format.format(start) !== format.format(end);
  if (withTime && showEnd) {
    // 'Nov 26, 2026, 5:00 – 8:00 PM': the parts both ends share are written once.
    return (
      <span data-testid="event-dates">
        <time dateTime={event.startDate}>{format.formatRange(start, end)}</time>
      </span>
    );
  }
  return (
    <span data-testid="event-dates">
      <time dateTime={event.startDate}>{format.format(start)}</time>
      {showEnd && (
        <>
          {' – '}
          <time dateTime={event.endDate}>{format.format(end)}</time>
        </>
      )}
    </span>
  );
}

export function usePriceText() {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (price: number) => (price === 0 ? t('events.free') : formatPrice(price));
}

const isFull = (event: Event) => event.maxAttendees !== null && event.attendees >= event.maxAttendees;
const hasEnded = (event: Event) => Date.parse(event.endDate) < Date.now();

/** 'attendees / max attendees' and, with a maximum, the bar of the places taken. */
export function Attendance({ event }: { event: Event }) {
  const { t } = useTranslation();
  const percent = event.maxAttendees ? Math.round((event.attendees / event.maxAttendees) * 100) : null;
  return (
    <div className="space-y-1.5">
      <p className="flex items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          <span aria-hidden="true">👥 </span>
          <span data-testid="event-attendance">
            {event.maxAttendees === null
              ? t('events.attendeesNoLimit', { count: event.attendees })
              : t('events.attendeesOf', { count: event.attendees, max: event.maxAttendees })}
          </span>
        </span>
        {event.waitlisted > 0 && <span className="text-xs text-slate-500">{t('events.waitlisted', { count: event.waitlisted })}</span>}
      </p>
      {percent !== null && (
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          aria-label={t('events.percentFull', { percent })}
          title={t('events.percentFull', { percent })}
        >
          <div className={`h-full rounded-full ${percent >= 100 ? 'bg-rose-500' : 'bg-brand-600'}`} style={{ width: `${Math.min(percent, 100)}%` }} />
        </div>
      )}
    </div>
  );
}

/**
 * 'Join Event' (free) or 'Register Now'; 'Join Waitlist' when full; 'Leave Event' or 'Leave
 * Waitlist' for someone registered. A visitor gets 'Login Required'. A form (the `rsvp` /
 * `cancel-rsvp` actions), so it works before the scripts; with them it runs in place.
 */
export function RsvpButton({ event, size = 'default', className = '' }: { event: Event; size?: 'default' | 'sm' | 'lg'; className?: string }) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const rsvp = useRsvp(event.id, t('outbox.labels.rsvp', { name: event.name }));
  if (event.status !== 'approved') return null;
  if (hasEnded(event)) {
    return (
      <Button variant="outline" size={size} className={className} disabled>
        {t('events.ended')}
      </Button>
    );
  }
  const join = event.myRsvp === null;
  const label =
    event.myRsvp === 'going'
      ? t('events.leaveEvent')
      : event.myRsvp === 'waitlist'
        ? event.waitlistPosition
          ? t('events.leaveWaitlistAt', { position: event.waitlistPosition })
          : t('events.leaveWaitlist')
        : isFull(event)
          ? t('events.joinWaitlist')
          : event.price === 0
            ? t('events.joinEvent')
            : t('events.registerNow');

  const action = join ? rsvpAction : cancelRsvpAction;
  const was = event.myRsvp ?? '';
  const click = () =>
    gate(t('events.loginToRsvp'), () =>
      rsvp.mutate(join, {
        // The same message as the plain form's (common/events.ts).
        onSuccess: (after) =>
          notifyFlash(t, join ? doneMessage(rsvpAction, after, { id: event.id }) : doneMessage(cancelRsvpAction, after, { id: event.id, was })),
        onError: (error) => notifyUnsent(t, t('events.toast.rsvpError'), error),
      }),
    );

  return (
    <ActionForm action={action} fields={{ id: event.id, ...(join ? {} : { was }) }} onSubmit={click}>
      <Button type="submit" variant={join ? 'default' : 'outline'} size={size} className={className} busy={rsvp.isPending} data-testid="rsvp-button">
        {label}
      </Button>
    </ActionForm>
  );
}

export function EventCard({ event }: { event: Event }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const href = contentPath('event', event.disciplineId, event.id);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="event-card">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <EventPicture event={event} />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={event.type} />
          <StatusBadge status={event.status} />
          {event.myRsvp === 'going' && (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" data-testid="event-going">
              {t('events.youAreGoing')}
            </span>
          )}
        </div>
        <h2 className="text-lg leading-snug font-bold break-words text-slate-900">
          <Link dir="auto" to={href} className="hover:underline">
            {event.name}
          </Link>
        </h2>
        <div className="space-y-1 text-sm text-slate-600">
          <p className="flex items-start gap-1.5">
            <span aria-hidden="true">📅</span>
            <EventDates event={event} />
          </p>
          <ItemLocation location={event.location} className="" />
          {event.place && (
            <p className="flex items-start gap-1.5">
              <span aria-hidden="true">🏄</span>
              <span className="sr-only">{t('events.spot')}</span>
              <Link
                dir="auto"
                to={contentPath('place', event.place.disciplineId, event.place.id)}
                className="break-words hover:underline"
                data-testid="event-card-place"
              >
                {event.place.name}
              </Link>
            </p>
          )}
          <p className="flex items-start gap-1.5 font-semibold text-slate-900">
            <span aria-hidden="true">🎟️</span>
            <span data-testid="event-price">{price(event.price)}</span>
          </p>
        </div>
        <Attendance event={event} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <CardReactions type="event" item={event} name={event.name} />
          <RsvpButton event={event} size="sm" />
        </div>
      </div>
    </article>
  );
}
