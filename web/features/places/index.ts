// The places feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits places with these.
export { placeForm } from './place-form-fields.tsx';
export { usePlace, useCreatePlace, useUpdatePlace } from './places.api.ts';
