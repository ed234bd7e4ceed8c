/** What other features may use of teams (their one way in). */
export { MemberPicker, type FoundPerson, type PeopleSearch, type PickBy } from './member-picker.tsx';
