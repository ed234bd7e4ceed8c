// The places feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Approving a revision applies it with these.
export { getPlace, updatePlace } from './places.db.ts';
