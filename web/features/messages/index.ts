// The messages feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md).
export { useBlockPerson, useStartConversation } from './messages.api.ts';
