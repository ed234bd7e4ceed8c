import type { Generated } from 'kysely';
import type { PhotoSubjectType } from '../../common/photos.ts';
import type { Json, Timestamp } from './schema-columns.ts';

// Photos of content items, sessions and condition reports (migration 0018), part of ./schema.ts's DB
// (checked against the migrated database by ./schema.test.ts).

export interface PhotosTable {
  id: Generated<string>;
  subject_type: PhotoSubjectType;
  subject_id: string;
  position: number;
  alt: Generated<string>;
  /** {"400": url, …}: each WebP variant by its width. */
  variants: Json;
  width: number;
  height: number;
  author_id: string | null;
  created_at: Timestamp;
}
