// The notifications feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md).
export { contentSubject } from './content-subject.ts';
export { notificationSentence } from './notification-sentence.ts';
