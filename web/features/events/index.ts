// The events feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits events with these.
export { eventForm } from './event-form-fields.tsx';
export { useEvent, useCreateEvent, useUpdateEvent } from './events.api.ts';
// The place page lists the upcoming events at it (issue 20 item 3); its route reads them with these.
export { PlaceEvents } from './place-events.tsx';
