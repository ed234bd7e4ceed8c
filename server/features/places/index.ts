// The places feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Approving a revision applies it with these.
export { getPlace, updatePlace } from './places.db.ts';
// Events held at a place (issue 20 item 3): its status in force, and what closes it on an event's dates.
export { accessNow, closuresDuring, type ClosureDuring } from './place-access.db.ts';
