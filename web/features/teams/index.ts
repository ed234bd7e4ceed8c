// The teams feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's team form is built from these.
export { InvitationAnswer } from './invitation-answer.tsx';
export { MemberPicker, type FoundPerson, type PeopleSearch, type PickBy } from './member-picker.tsx';
export { TeamDetailsFields } from './team-details-fields.tsx';
export { emptyTeamValues, teamValues } from './team-form.tsx';
export { TeamImageFileInput, TeamImagePreview } from './team-image-input.tsx';
export type { TeamImageKind } from './teams.api.ts';
