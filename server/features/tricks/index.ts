// The tricks feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Approving a revision applies it with these; a session's
// tricks are landed in the rider's progression with setTrickProgress.
export { getTrick, setTrickProgress, updateTrick } from './tricks.db.ts';
