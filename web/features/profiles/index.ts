// The profiles feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md).
export { ChangePassword } from './change-password.tsx';
export { profileKeys } from './profiles.api.ts';
// The place form offers the crews its author belongs to, from their profile.
export { profileQueries } from './profiles.api.ts';
