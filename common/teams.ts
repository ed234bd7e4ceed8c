import { z } from 'zod';
import { pendingRevisionSchema } from './revisions.ts';
import { cleanLine, cleanText } from './text.ts';
import { TEAM_PAGE_SIZE } from './paging.ts';
import { withInput } from './actions.ts';
import {
  acceptInvitationAction,
  cancelJoinRequestAction,
  declineInvitationAction,
  DEFAULT_TEAM_TYPE,
  joinTeamAction,
  leaveTeamAction,
  TEAM_MAX_DISCIPLINES,
} from './teams-basics.ts';

/** Shared by the teams API and the web app. Zod issues carry error codes (see error-codes.ts). */

const optionalLine = (max: number) =>
  z
    .string()
    .transform(cleanLine)
    .pipe(z.string().max(max, { error: 'TOO_LONG' }))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_DATE' })
  .refine((v) => !Number.isNaN(Date.parse(v)) && v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), { error: 'INVALID_DATE' });

const teamName = z
  .string({ error: 'REQUIRED' })
  .transform(cleanLine)
  .pipe(z.string().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }));
const teamType = z
  .string({ error: 'REQUIRED' })
  .transform(cleanLine)
  .pipe(z.string().min(1, { error: 'REQUIRED' }).max(40, { error: 'TOO_LONG' }));
const teamDescription = z
  .string()
  .transform(cleanText)
  .pipe(z.string().max(2000, { error: 'TOO_LONG' }))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const teamDisciplineIds = z.array(z.string().max(50)).max(TEAM_MAX_DISCIPLINES, { error: 'TOO_MANY' });

export const teamInputSchema = z.object({
  name: teamName,
  type: teamType.default(DEFAULT_TEAM_TYPE),
  description: teamDescription,
  location: optionalLine(120),
  foundedDate: isoDate.nullable().optional(),
  isPrivate: z.boolean().default(false),
  disciplineIds: teamDisciplineIds.default([]),
});
export type TeamInput = z.input<typeof teamInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const teamUpdateSchema = z
  .object({
    name: teamName,
    type: teamType,
    description: teamDescription,
    location: optionalLine(120),
    foundedDate: isoDate.nullable().optional(),
    isPrivate: z.boolean(),
    disciplineIds: teamDisciplineIds,
  })
  .partial();
export type TeamUpdate = z.input<typeof teamUpdateSchema>;

export const teamListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  disciplineId: z.string().max(50).optional(),
  type: z.string().max(40).optional(),
  privacy: z.enum(['public', 'private']).optional(),
  location: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // Larger values are capped rather than refused.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(TEAM_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});
export type TeamListQuery = z.input<typeof teamListQuerySchema>;

export const personSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() });
export type Person = z.infer<typeof personSchema>;

export const teamDisciplineSchema = z.object({ id: z.string(), name: z.string(), names: z.record(z.string(), z.string()), icon: z.string() });

export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  isPrivate: z.boolean(),
  location: z.string().nullable(),
  foundedDate: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  leader: personSchema,
  memberCount: z.number(),
  disciplines: z.array(teamDisciplineSchema),
  /** The caller's relation to the team: its role, or null. */
  myRole: z.enum(['leader', 'member']).nullable(),
  /** The caller's join request to a private team, when one is open or was declined. */
  myRequest: z.enum(['pending', 'declined']).nullable(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.object({
  items: z.array(teamSummarySchema),
  total: z.number(),
  /** `total` is COUNT_CAP and more match (common/paging.ts). */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type TeamList = z.infer<typeof teamListSchema>;

export const teamMemberSchema = personSchema.extend({ role: z.enum(['leader', 'member']), joinedAt: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  createdAt: z.string(),
  /** Empty for a private team unless the caller is a member or an admin; memberCount still says how many. */
  members: z.array(teamMemberSchema),
  membersVisible: z.boolean(),
  /** The caller has an open invitation to join. */
  invited: z.boolean(),
  /** Leader or admin: may see the Manage Team area. */
  canManage: z.boolean(),
  /** A leader's edit waiting for an admin; shown to those who may manage the team. */
  pendingRevision: pendingRevisionSchema.optional(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const joinRequestSchema = z.object({
  id: z.string(),
  user: personSchema,
  status: z.enum(['pending', 'accepted', 'declined']),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** Someone the leader (or an admin) invited, until they accept or decline. */
export const teamInvitationSchema = z.object({ user: personSchema, createdAt: z.string() });
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const invitationAnswerSchema = z.object({ status: z.enum(['joined', 'declined']) });

export const joinResultSchema = z.object({ status: z.enum(['joined', 'requested']) });

export const memberSearchQuerySchema = z.object({ q: z.string().max(100).default('') });
export const userIdBodySchema = z.object({ userId: z.string().min(1).max(100) });

// ---- Admin team form (spec §2 Team form, §4 Team save) ----

export const ADMIN_TEAM_MAX_MEMBERS = 500;
/**
 * The people one save of the admin's form may invite (issue 37): each invitation is checked, written
 * and notified (five statements each), so 500 at once held the server for half a second; members already in the team cost
 * no more than a row. Past it: INVITES_TOO_MANY, nothing stored.
 */
export const ADMIN_TEAM_MAX_INVITES = 20;

const userId = z.string().min(1).max(100);

/** The whole team as the admin form saves it: the leader and the member set are chosen, not implied. */
export const adminTeamInputSchema = teamInputSchema.extend({
  leaderId: z.string({ error: 'LEADER_REQUIRED' }).trim().min(1, { error: 'LEADER_REQUIRED' }).max(100),
  memberIds: z.array(userId).max(ADMIN_TEAM_MAX_MEMBERS, { error: 'TOO_MANY' }).default([]),
});
export type AdminTeamInput = z.input<typeof adminTeamInputSchema>;

export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  location: z.string().nullable(),
  isPrivate: z.boolean(),
  foundedDate: z.string().nullable(),
  leaderId: z.string(),
  /** Every member, the leader included. */
  memberIds: z.array(z.string()),
  /** The same members with their names, for the form's chips. */
  members: z.array(personSchema),
  disciplineIds: z.array(z.string()),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

/** The fields of the membership actions (common/teams-basics.ts): the team's id, and its name for the message. */
const teamIdInput = z.object({ id: z.string().max(100) });
const invitationInput = teamIdInput.extend({ teamName: z.string().max(1000).optional() });
export const joinTeamWithInput = withInput(joinTeamAction, teamIdInput);
export const leaveTeamWithInput = withInput(leaveTeamAction, teamIdInput);
export const cancelJoinRequestWithInput = withInput(cancelJoinRequestAction, teamIdInput);
export const acceptInvitationWithInput = withInput(acceptInvitationAction, invitationInput);
export const declineInvitationWithInput = withInput(declineInvitationAction, invitationInput);
