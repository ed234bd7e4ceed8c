import type { FastifyInstance } from 'fastify';
import type { Limit } from './rate-limit.ts';

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
