// The calendars feature's public module (docs/decisions/0004-module-boundaries.md): nothing of it is used by other features.
export {};
