// The sessions feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The place page shows a place's sessions; a tag's notification is answered here.
export { PlaceSessionsSection } from './place-sessions.tsx';
export { SessionTagAnswer } from './session-tag-answer.tsx';
export { sessionQueries } from './sessions.api.ts';
