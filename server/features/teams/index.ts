/**
 * What other features may use of teams (their one way in): the approvals apply a team's revision
 * with these, and the admin team form shares the reads' member order and the discipline links.
 */
export { byRoleThenName, getTeamDetail } from './teams.db.ts';
export { diffDisciplines, teamFields, unknownDisciplines, updateTeam } from './team-edits.db.ts';
