// The tricks feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Approving a revision applies it with these.
export { getTrick, updateTrick } from './tricks.db.ts';
