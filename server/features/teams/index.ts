// The teams feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Approving a revision applies a team's with these, and the
// admin team form shares the reads' member order and the discipline links.
export { byRoleThenName, getTeamDetail } from './teams.db.ts';
export { assertMayOpen, diffDisciplines, teamColumns, teamFields, unknownDisciplines, updateTeam } from './team-edits.db.ts';
