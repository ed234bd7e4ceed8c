// The disciplines feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md).
export { DisciplineSection, disciplineSectionPage } from './discipline-section.tsx';
export { useFollowDiscipline } from './disciplines.api.ts';
