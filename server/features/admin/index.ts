// The admin feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). A person deleting their own account goes the admin's way.
export { deleteAccount } from './admin-users.db.ts';
