/** What session pages need without the session schemas (common/sessions.ts): nothing here imports zod. */
import { defineAction } from './actions.ts';

/** A companion's answer to a tag, as the server took it. */
type TagAnswer = { accepted: boolean };

/** Deleting a session: its author, or an admin from the moderation list (common/actions.ts). */
export const deleteSessionAction = defineAction<{ id: string }, null>()({
  name: 'delete-session',
  method: 'DELETE',
  path: '/api/sessions/:id',
  done: { kind: 'success', title: 'sessions.deleted' },
});

/**
 * A tagged companion's answer: one route, whose `accept` says which, and one plain form for each
 * answer (the two buttons of one form, web/components/ui/answer-form.tsx). A form sends only the
 * session's id: each action's input gives `accept` its own value (common/sessions.ts).
 */
export const acceptSessionTagAction = defineAction<{ id: string; accept: true }, TagAnswer>()({
  name: 'accept-session-tag',
  method: 'POST',
  path: '/api/sessions/:id/companion',
  done: { kind: 'success', title: 'sessions.tag.accepted' },
});

export const declineSessionTagAction = defineAction<{ id: string; accept: false }, TagAnswer>()({
  name: 'decline-session-tag',
  method: 'POST',
  path: '/api/sessions/:id/companion',
  done: { kind: 'success', title: 'sessions.tag.declined' },
});

/** Logging a session on the place page (its input: common/sessions.ts `sessionInputSchema`, a choice of now or earlier). */
export const logSessionAction = defineAction<Record<string, unknown>>()({
  name: 'log-session',
  method: 'POST',
  path: '/api/sessions',
  done: { kind: 'success', title: 'sessions.logged' },
});

/** The cookie in which the app tells the server the browser's time zone, for a plain form's times (an earlier session's). */
export const TIME_ZONE_COOKIE = 'stoked-tz';
