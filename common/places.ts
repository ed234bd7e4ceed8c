import { z } from 'zod';
import { galleryFields } from './photos.ts';
import { boundedNumber, contentItemFields, contentListQuerySchema, imageUrl, line, pageOf, reactionSummarySchema, UUID_PATTERN } from './content.ts';
import { PLACE_PAGE_SIZE } from './paging.ts';
import { ACCESS_STATUSES, accessSummarySchema } from './place-access.ts';
import { conditionSummarySchema } from './conditions.ts';

/** Shared by the places API and the web app. Zod issues carry error codes (see error-codes.ts). */

const fields = {
  name: line(120),
  location: line(160),
  latitude: boundedNumber(-90, 90),
  longitude: boundedNumber(-180, 180),
  imageUrl,
};

/**
 * Who sees a place (issue 20, item 4): everyone, the members of one team its author belongs to (its
 * `teamId`), or its author only; admins see all. A secret place skips the approvals queue (it is never
 * public); made public, it waits there like a new place.
 */
export const PLACE_VISIBILITIES = ['public', 'crew', 'private'] as const;
export type PlaceVisibility = (typeof PLACE_VISIBILITIES)[number];

const audience = {
  visibility: z.enum(PLACE_VISIBILITIES, { error: 'VALIDATION_ERROR' }),
  /** The crew of a 'crew' place; ignored otherwise. */
  teamId: z.string().regex(UUID_PATTERN, { error: 'PLACE_TEAM_NOT_YOURS' }).nullable(),
};

export const placeInputSchema = z.object({ ...fields, visibility: audience.visibility.default('public'), teamId: audience.teamId.optional() });
export type PlaceInput = z.input<typeof placeInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const placeUpdateSchema = z.object({ ...fields, ...audience }).partial();
export type PlaceUpdate = z.input<typeof placeUpdateSchema>;

export const placeListQuerySchema = contentListQuerySchema(PLACE_PAGE_SIZE).extend({
  /** The places whose access today is this (a closure in force counts as closed). */
  access: z.enum(ACCESS_STATUSES).optional(),
});
export type PlaceListQuery = z.input<typeof placeListQuerySchema>;

export const placeSchema = z.object({
  ...contentItemFields,
  name: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  ...galleryFields,
  visibility: z.enum(PLACE_VISIBILITIES),
  /** The crew of a 'crew' place, null otherwise (or when the team is gone). */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  reactions: reactionSummarySchema,
  access: accessSummarySchema,
  /** The latest condition report still current, for cards and map markers; null: no recent report. */
  conditions: conditionSummarySchema.nullable(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeListSchema = pageOf(placeSchema);
export type PlaceList = z.infer<typeof placeListSchema>;

/** Nearby spots: approved places of the same discipline within this distance, nearest first. */
export const NEARBY_RADIUS_KM = 50;
export const NEARBY_LIMIT = 8;

export const nearbyPlaceSchema = z.object({
  id: z.string(),
  disciplineId: z.string(),
  name: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  distanceKm: z.number(),
  access: accessSummarySchema,
  conditions: conditionSummarySchema.nullable(),
});
export type NearbyPlace = z.infer<typeof nearbyPlaceSchema>;

export const nearbyPlacesSchema = z.object({ radiusKm: z.number(), items: z.array(nearbyPlaceSchema) });
export type NearbyPlaces = z.infer<typeof nearbyPlacesSchema>;
