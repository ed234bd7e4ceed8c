// The sessions feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The place page shows a place's sessions; a tag's notification is answered here;
// profiles show a rider's sessions part; the feed writes a session's length.
export { PlaceSessionsSection } from './place-sessions.tsx';
export { ProfileSessions } from './profile-sessions.tsx';
export { useDurationText } from './session-format.ts';
export { SessionTagAnswer } from './session-tag-answer.tsx';
export { sessionQueries } from './sessions.api.ts';
