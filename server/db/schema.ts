import type { ColumnType, Generated } from 'kysely';
import type { NotificationChannel, NotificationType } from '../../common/notifications.ts';

import type { Json, Status, Timestamp } from './schema-columns.ts';
import type {
  ArticlesTable,
  CommentsTable,
  EventAttendeesTable,
  EventsTable,
  LikesTable,
  PlaceAccessChangesTable,
  PlaceClosuresTable,
  PlacesTable,
  PlaceStewardsTable,
  RatingsTable,
  ReviewsTable,
  ShopsTable,
  TrickProgressTable,
  TricksTable,
} from './schema-content.ts';
import type { CalendarFeedsTable, EventSeriesTable } from './schema-calendars.ts';
import type { ConditionReportLikesTable, ConditionReportsTable } from './schema-conditions.ts';
import type { PhotosTable } from './schema-photos.ts';
import type { PushQueueTable, PushSubscriptionsTable } from './schema-push.ts';
import type { SentJobsTable } from './schema-jobs.ts';
import type { RideSessionCompanionsTable, RideSessionsTable, RideSessionTricksTable } from './schema-sessions.ts';

// The tables of the six content sections and their reactions are in ./schema-content.ts.

export interface ProfilesTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  avatar_url: string | null;
  banner_url: string | null;
  bio: string | null;
  location: string | null;
  role: Generated<'user' | 'admin'>;
  banned: Generated<boolean>;
  ban_reason: string | null;
  ban_expires: Date | null;
  preferred_language: string | null;
  achievements: ColumnType<string[], string | undefined, string>;
  athlete_level: 'professional' | 'amateur' | null;
  // Maintained by a trigger on user_follows (migration 0007); never written by the app.
  followers_count: ColumnType<number, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Counters kept exact by triggers (migration 0007); read-only for the app. */
export interface PublicCountsTable {
  key: string;
  n: number;
}

/** A refused plain form's typed values and errors, until the next page takes them (migration 0031). */
export interface FormRepliesTable {
  id: string;
  action: string;
  reply: ColumnType<FormReplyColumn, string, string>;
  created_at: Timestamp;
}
type FormReplyColumn = { values: Record<string, string | string[]>; errors: Record<string, string> };

/** Bumped by triggers on every change of what all pages show of the site (migration 0030); read-only for the app. */
export interface SiteWideVersionTable {
  id: boolean;
  version: number;
}

/** Who follows a discipline or is in one of its teams, kept by triggers (migration 0007); read-only for the app. */
export interface DisciplineMembersTable {
  discipline_id: string;
  user_id: string;
  follows: boolean;
  teams: number;
}

/** A discipline's athletes with their ranking and searched fields, kept by triggers (migration 0008); read-only for the app. */
export interface DisciplineAthletesTable {
  user_id: string;
  discipline_id: string;
  followers_count: number;
  name: string;
  athlete_level: 'professional' | 'amateur' | null;
  name_lower: string;
  location_lower: string | null;
}

/** How many of a discipline's athletes have each 1- or 2-character text in name or location (migration 0008); read-only. */
export interface DisciplineAthleteTextsTable {
  discipline_id: string;
  text: string;
  n: number;
}

export interface UserFollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  expires_at: Date;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  impersonated_by: string | null;
}

/** better-auth's sign-in methods (a password for ours); written by better-auth and by sign-up and admin set-up. */
export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's one-time tokens, and our confirmation links (sign-up.db.ts). */
export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
  names: Json;
  icon: Generated<string>;
  color: Generated<string>;
  position: Generated<number>;
}

export interface DisciplinesTable {
  id: string;
  name: string;
  names: Json;
  icon: Generated<string>;
  color: Generated<string>;
}

export interface DisciplineCategoriesTable {
  discipline_id: string;
  category_id: string;
}

export interface DisciplineFollowersTable {
  user_id: string;
  discipline_id: string;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  type: Generated<string>;
  is_private: Generated<boolean>;
  location: string | null;
  leader_id: string;
  logo_url: string | null;
  banner_url: string | null;
  // A date column: pg and PGlite read it as a Date; the app reads it with to_char and writes 'YYYY-MM-DD'.
  founded_date: ColumnType<Date | null, string | null, string | null>;
  status: Generated<Status>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: Generated<'leader' | 'member'>;
  joined_at: Timestamp;
}

export interface TeamDisciplinesTable {
  team_id: string;
  discipline_id: string;
}

export interface TeamJoinRequestsTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  status: Generated<'pending' | 'accepted' | 'declined'>;
  created_at: Timestamp;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface TeamInvitationsTable {
  team_id: string;
  user_id: string;
  invited_by: string | null;
  created_at: Timestamp;
}

export interface PendingApprovalsTable {
  id: Generated<string>;
  status: Generated<Status>;
  item_type: string;
  item_id: string;
  item_data: Json;
  submitted_by: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Timestamp;
  /** Migration 0024: counts the pending item's changes; a decision names the one it saw. */
  version: Generated<number>;
}

/** Migration 0010: a non-admin's edit of an approved item, waiting for an admin. */
export interface PendingRevisionsTable {
  id: Generated<string>;
  status: Generated<Status>;
  item_type: string;
  item_id: string;
  changes: ColumnType<Record<string, unknown>, string, string>;
  submitted_by: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Timestamp;
  /** Migration 0024: counts the edits that rewrote it; a decision names the one it saw. */
  version: Generated<number>;
}

export interface SiteSettingsTable {
  setting_key: string;
  setting_value: string;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

/** At most one unread row per recipient, type, actor and subject (migration 0012): repeats fold into it. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  type: NotificationType;
  actor_id: string | null;
  subject_type: string | null;
  subject_id: string | null;
  data: ColumnType<Record<string, string | number | boolean | null>, string | undefined, string>;
  read_at: Date | null;
  emailed_at: Date | null;
  created_at: Timestamp;
}

export interface NotificationPreferencesTable {
  user_id: string;
  type: NotificationType;
  channel: NotificationChannel;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

export interface ConversationsTable {
  id: Generated<string>;
  user_a: string;
  user_b: string;
  created_at: Timestamp;
  last_message_at: Date | null;
  a_read_id: Generated<number>;
  b_read_id: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: Timestamp;
}

export interface DB {
  profiles: ProfilesTable;
  user_follows: UserFollowsTable;
  public_counts: PublicCountsTable;
  site_wide_version: SiteWideVersionTable;
  form_replies: FormRepliesTable;
  discipline_members: DisciplineMembersTable;
  discipline_athletes: DisciplineAthletesTable;
  discipline_athlete_texts: DisciplineAthleteTextsTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  categories: CategoriesTable;
  disciplines: DisciplinesTable;
  discipline_categories: DisciplineCategoriesTable;
  discipline_followers: DisciplineFollowersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_disciplines: TeamDisciplinesTable;
  team_join_requests: TeamJoinRequestsTable;
  team_invitations: TeamInvitationsTable;
  articles: ArticlesTable;
  events: EventsTable;
  event_attendees: EventAttendeesTable;
  places: PlacesTable;
  place_closures: PlaceClosuresTable;
  place_stewards: PlaceStewardsTable;
  place_access_changes: PlaceAccessChangesTable;
  condition_reports: ConditionReportsTable;
  condition_report_likes: ConditionReportLikesTable;
  ride_sessions: RideSessionsTable;
  ride_session_tricks: RideSessionTricksTable;
  ride_session_companions: RideSessionCompanionsTable;
  calendar_feeds: CalendarFeedsTable;
  event_series: EventSeriesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  sent_jobs: SentJobsTable;
  photos: PhotosTable;
  reviews: ReviewsTable;
  tricks: TricksTable;
  trick_progress: TrickProgressTable;
  shops: ShopsTable;
  likes: LikesTable;
  comments: CommentsTable;
  ratings: RatingsTable;
  pending_approvals: PendingApprovalsTable;
  pending_revisions: PendingRevisionsTable;
  site_settings: SiteSettingsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  user_blocks: UserBlocksTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
}
