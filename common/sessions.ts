import { z } from 'zod';
import { photoSchema } from './photos.ts';
import { cleanLine } from './text.ts';
import { personSchema } from './teams.ts';
import { withInput } from './actions.ts';
import { acceptSessionTagAction, declineSessionTagAction, deleteSessionAction, logSessionAction } from './sessions-basics.ts';

/**
 * Sessions (check-ins) at places (issue 20, item 1): a rider says they ride (or rode) at a place,
 * with the tricks they landed and the friends who came. Shared by the API and the web app; zod
 * issues carry error codes (see error-codes.ts).
 */

export const SESSION_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type SessionVisibilityChoice = (typeof SESSION_VISIBILITIES)[number];
export const SESSION_NOTE_MAX = 1000;
export const SESSION_TRICKS_MAX = 20;
export const SESSION_COMPANIONS_MAX = 10;
export const SESSION_DURATION_MAX = 1440;
/** A session started within this many hours is "out now" on its place's page. */
export const SESSION_OUT_NOW_HOURS = 3;

const note = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(SESSION_NOTE_MAX, { error: 'TOO_LONG' }))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
// The same trick or friend twice is one.
const unique = (values: string[]) => [...new Set(values)];
const duration = z
  .number({ error: 'REQUIRED' })
  .int({ error: 'VALIDATION_ERROR' })
  .min(1, { error: 'VALIDATION_ERROR' })
  .max(SESSION_DURATION_MAX, { error: 'VALIDATION_ERROR' });
const common = {
  placeId: z.uuid({ error: 'NOT_FOUND' }),
  note,
  trickIds: z.array(z.uuid()).max(SESSION_TRICKS_MAX, { error: 'TOO_MANY' }).default([]).transform(unique),
  companionIds: z.array(z.string().min(1).max(100)).max(SESSION_COMPANIONS_MAX, { error: 'TOO_MANY' }).default([]).transform(unique),
  visibility: z.enum(SESSION_VISIBILITIES).default('public'),
};

/** A new session: "now" (its length may come later) or "earlier", with its start and length. */
export const sessionInputSchema = z.discriminatedUnion(
  'when',
  [
    z.strictObject({ when: z.literal('now'), durationMinutes: duration.nullable().optional(), ...common }),
    z.strictObject({
      when: z.literal('earlier'),
      startedAt: z
        .string({ error: 'REQUIRED' })
        .min(1, { error: 'REQUIRED' })
        .pipe(z.iso.datetime({ offset: true, error: 'INVALID_DATE' })),
      durationMinutes: duration,
      ...common,
    }),
  ],
  { error: 'VALIDATION_ERROR' },
);
export type SessionInput = z.input<typeof sessionInputSchema>;
export type SessionInputParsed = z.output<typeof sessionInputSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  place: z.object({ id: z.string(), name: z.string() }),
  disciplineId: z.string(),
  startedAt: z.string(),
  durationMinutes: z.number().nullable(),
  note: z.string().nullable(),
  visibility: z.enum(SESSION_VISIBILITIES),
  author: personSchema,
  tricks: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Only those who accepted the tag. */
  companions: z.array(personSchema),
  /** Its photos in order (issue 20, item 5), shown as thumbnails; the author adds them after logging it. */
  photos: z.array(photoSchema),
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A place's page: who rides there now (started within SESSION_OUT_NOW_HOURS) and the sessions before. */
export const placeSessionsSchema = z.object({ outNow: z.array(sessionSchema), recent: z.array(sessionSchema) });
export type PlaceSessions = z.infer<typeof placeSessionsSchema>;

/** A tagged companion's answer: accept (shown on the session) or decline (the tag is removed). */
export const companionAnswerSchema = z.strictObject({ accept: z.boolean() });
export type CompanionAnswer = z.infer<typeof companionAnswerSchema>;

/** The session actions' fields (common/sessions-basics.ts). */
const sessionIdInput = z.object({ id: z.string().max(100) });
export const logSessionWithInput = withInput(logSessionAction, sessionInputSchema);
export const deleteSessionWithInput = withInput(deleteSessionAction, sessionIdInput);
// A form sends no `accept`: which button was pressed says it.
export const acceptSessionTagWithInput = withInput(acceptSessionTagAction, sessionIdInput.extend({ accept: z.literal(true).default(true) }));
export const declineSessionTagWithInput = withInput(declineSessionTagAction, sessionIdInput.extend({ accept: z.literal(false).default(false) }));
