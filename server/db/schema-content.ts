import type { ColumnType, Generated } from 'kysely';
import type { Status, Timestamp } from './schema-columns.ts';

// The content sections' tables and their reactions, part of ./schema.ts's DB (checked against the
// migrated database by ./schema.test.ts).

interface ContentColumns {
  id: Generated<string>;
  discipline_id: string;
  author_id: string | null;
  status: Generated<Status>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ArticlesTable extends ContentColumns {
  title: string;
  content: string;
  image_url: string | null;
}

type JsonList = ColumnType<string[], string | undefined, string>;
/** numeric columns arrive as strings from pg and numbers from PGlite: read them through Number(). */
type Numeric = ColumnType<string | number, number, number>;
type NumericWithDefault = ColumnType<string | number, number | undefined, number>;
type NullableNumeric = ColumnType<string | number | null, number | null | undefined, number | null>;

export interface EventsTable extends ContentColumns {
  name: string;
  description: string;
  location: string;
  start_date: ColumnType<Date, Date | string, Date | string>;
  end_date: ColumnType<Date, Date | string, Date | string>;
  image_url: string | null;
  type: Generated<'Competition' | 'Meetup' | 'Festival' | 'Workshop'>;
  price: NumericWithDefault;
  max_attendees: number | null;
  /** Where it is held (migration 0019): a public place, or none. */
  place_id: string | null;
  /** A date of a recurring series (migration 0023), and its place in the series' rule (0: the first date). */
  series_id: string | null;
  series_index: number | null;
  /** Edited on its own: later edits of the series leave it as it is. */
  detached: Generated<boolean>;
}

export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  status: 'going' | 'waitlist';
  created_at: Timestamp;
}

export interface PlacesTable extends ContentColumns {
  name: string;
  location: string;
  latitude: number;
  longitude: number;
  image_url: string | null;
  access_status: Generated<'open' | 'restricted' | 'permit' | 'closed'>;
  /** Who sees it (migration 0016): everyone, the members of `team_id`, or its author; never approved unless public. */
  visibility: Generated<'public' | 'crew' | 'private'>;
  team_id: string | null;
}

/** A calendar day (`date`): read it as 'YYYY-MM-DD' text with to_char, never as a Date (which would move it by the time zone). */
type Day = ColumnType<Date, string, string>;

export interface PlaceClosuresTable {
  id: Generated<string>;
  place_id: string;
  starts_on: Day;
  ends_on: Day;
  reason: string;
  yearly: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface PlaceStewardsTable {
  place_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface PlaceAccessChangesTable {
  id: Generated<string>;
  place_id: string;
  actor_id: string | null;
  kind: 'status' | 'closure-added' | 'closure-removed' | 'steward-added' | 'steward-removed';
  status: string | null;
  starts_on: ColumnType<Date | null, string | null | undefined, string | null>;
  ends_on: ColumnType<Date | null, string | null | undefined, string | null>;
  reason: string | null;
  yearly: boolean | null;
  subject_id: string | null;
  created_at: Timestamp;
}

export interface ReviewsTable extends ContentColumns {
  product_name: string;
  content: string;
  rating: Numeric;
  image_url: string | null;
  brand: Generated<string>;
  category: Generated<'Board' | 'Wetsuit' | 'Camera' | 'Accessories'>;
  price: NullableNumeric;
  release_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pros: JsonList;
  cons: JsonList;
  overall_score: NullableNumeric;
}

export interface TricksTable extends ContentColumns {
  name: string;
  description: string;
  difficulty: number;
  video_url: string | null;
  level: Generated<'Beginner' | 'Intermediate' | 'Advanced'>;
  steps: JsonList;
  tips: JsonList;
}

export interface TrickProgressTable {
  trick_id: string;
  user_id: string;
  state: 'learning' | 'landed';
  updated_at: Timestamp;
}

export interface ShopsTable extends ContentColumns {
  name: string;
  description: string;
  location: string;
  established_year: number | null;
  sponsored_athletes: Generated<number>;
  specialties: JsonList;
  brands: JsonList;
  email: string | null;
  phone: string | null;
  website: string | null;
  image_url: string | null;
}

export interface LikesTable {
  item_type: string;
  item_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<string>;
  item_type: string;
  item_id: string;
  author_id: string;
  body: string;
  created_at: Timestamp;
}

export interface RatingsTable {
  item_type: string;
  item_id: string;
  user_id: string;
  score: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
