/** What athlete pages need without the profile schemas (common/profiles.ts): nothing here imports zod. */

export const ATHLETE_LEVELS = ['professional', 'amateur'] as const;
export type AthleteLevel = (typeof ATHLETE_LEVELS)[number];
