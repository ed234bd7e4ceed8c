// The tricks feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits tricks with these; profiles show a person's progression.
export { trickForm } from './trick-form-fields.tsx';
export { useCreateTrick, useTrick, useUpdateTrick } from './tricks.api.ts';
export { TrickProgression } from './trick-progression.tsx';
