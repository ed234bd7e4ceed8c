// The calendars feature's public module (docs/decisions/0004-module-boundaries.md): the event page, the
// events list and the profile settings show its links and its feed block; the signed-in pages load its query.
export { AddToCalendarLink, SubscribeLink } from './calendar-links.tsx';
export { CalendarFeedSettings } from './calendar-feed-settings.tsx';
export { calendarQueries } from './calendars.api.ts';
