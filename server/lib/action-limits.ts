import type { FastifyInstance } from 'fastify';
import type { Limit, RateLimiter } from './rate-limit.ts';

/**
 * Per-person allowances for the actions that tell someone else. Generous for real use, yet toggling
 * one on and off to flood a person's notifications stops with a 429. A taking back (remove,
 * unlike, unfollow) counts too: it is the other half of the toggle.
 */
export const ACTION_LIMITS = {
  memberChange: { max: 30, windowSeconds: 600 },
  like: { max: 60, windowSeconds: 600 },
  rating: { max: 30, windowSeconds: 600 },
  follow: { max: 60, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;

export type LimitedAction = keyof typeof ACTION_LIMITS;

/** Counts one `action` by `actorId`; past its limit, throws the 429 (with Retry-After). */
export function limitAction(app: FastifyInstance, action: LimitedAction, actorId: string): Promise<void> {
  return app.limiter.consume(`action-${action}:${actorId}`, ACTION_LIMITS[action]);
}

/**
 * Caps per recipient on what a request sends to someone else's mailbox, bell or phone, whoever sends
 * it and from however many addresses: the mails of a sign-up (the warning to a taken address, the
 * confirmation of a new or unconfirmed one) per address, team invitations per invited person. Past a
 * cap nothing more is sent and the request answers as if it had been: a 429 would tell a stranger
 * about someone else's address or inbox.
 */
export const RECIPIENT_CAPS = {
  signUpMail: { max: 3, windowSeconds: 3600 },
  teamInvite: { max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

export type RecipientCap = keyof typeof RECIPIENT_CAPS;

/** Counts one more `kind` sent to `recipient` (an address or a person's id); false once past its cap. */
export function withinRecipientCap(limiter: RateLimiter, kind: RecipientCap, recipient: string): Promise<boolean> {
  return limiter.allows(`to-${kind}:${recipient}`, RECIPIENT_CAPS[kind]);
}
