// The sessions feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The feed and profiles read sessions through these: start from
// visibleSessions (it applies sessionVisibleTo), add a filter, order and limit, map the rows with toSessions.
export { sessionVisibleTo } from './session-visibility.ts';
export { toSessions, visibleSessions, type SessionRow } from './sessions.db.ts';
export { SESSION_TAGS_PER_PERSON } from './sessions.db.ts';
