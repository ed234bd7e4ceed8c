// The sessions feature's public module: what other features may import from it; its other files are
// its own (docs/decisions/0004-module-boundaries.md). The feed and profiles read sessions through these.
export { sessionVisibleTo } from './session-visibility.ts';
