// The sessions feature's public module: what other features may import from it; its other files are
// its own (docs/decisions/0004-module-boundaries.md). Profiles show a rider's sessions part; the feed
// writes a session's length.
export { ProfileSessions } from './profile-sessions.tsx';
export { useDurationText } from './session-format.ts';
