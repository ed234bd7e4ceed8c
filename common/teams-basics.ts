/**
 * What team pages need without the team schemas (common/teams.ts): nothing here imports zod, so a
 * visitor's team page does not load the forms' validation.
 */

export const DEFAULT_TEAM_TYPE = 'Pro';
export const SUGGESTED_TEAM_TYPES = ['Pro', 'Amateur'] as const;
export const MEMBER_SEARCH_MIN = 3;
export const MEMBER_SEARCH_MAX_RESULTS = 5;
export const TEAM_MAX_DISCIPLINES = 10;
