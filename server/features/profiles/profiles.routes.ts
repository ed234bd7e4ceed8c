import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  achievementsSchema,
  activitySchema,
  chooseLanguageWithInput,
  editProfileWithInput,
  followPersonWithInput,
  languageChoiceSchema,
  ownProfileSchema,
  profileUpdateSchema,
  publicProfileSchema,
  unfollowPersonWithInput,
  userFollowStateSchema,
} from '../../../common/profiles.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_SECONDS, parseEnabledLanguages, type LanguageCode } from '../../../common/languages.ts';
import { personSchema } from '../../../common/teams.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { fail } from '../../lib/errors.ts';
import { storeImageUpload } from '../../lib/images.ts';
import { profileIsVisible, profileIsVisibleOnce, tellProfileVisible } from '../../lib/people.ts';
import { queueShareCard } from '../../lib/share-card-jobs.ts';
import { read } from '../../lib/reads.ts';
import { serveAction, serveRequestForm, type FormFields } from '../../lib/actions.ts';
import { currentUser, requireUser } from '../../lib/session.ts';
import { getSiteSettings } from '../settings/index.ts';
import {
  getOwnProfile,
  getPublicProfile,
  listActivity,
  listFollows,
  normalise,
  setAchievements,
  setProfileImage,
  setUserFollow,
  updateOwnProfile,
} from './profiles.db.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((n) => Math.min(n, 50)),
});

export async function profilesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  const own = async (id: string) => {
    const profile = await getOwnProfile(app.db, id);
    if (!profile) fail('USER_NOT_FOUND');
    return profile;
  };

  read(app, '/api/profile', { tags, cache: 'no-store', response: ownProfileSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    return own(user.id);
  });

  // An empty level is 'not set', as the app's select sends it.
  const profileForm = (fields: FormFields) => ({ ...Object.fromEntries(fields), athleteLevel: fields.get('athleteLevel') || null });
  serveAction(app, editProfileWithInput, { tags, response: ownProfileSchema, form: profileForm }, async (ctx, input) => {
    const user = await ctx.requireUser();
    await updateOwnProfile(ctx.db, user.id, normalise(input));
    await queueShareCard(app, 'profile', user.id, { changes: input });
    return own(user.id);
  });

  // The reader's language, chosen in the header: kept in the cookie pages are rendered in (as the app
  // keeps it), and for a signed-in person as the language of their mails. The header's form sends it
  // without scripts; with them the app sets its cookie itself and saves it here. The cookie is the
  // answer's, so the route and the form both call this with the request and its reply.
  const chooseLanguage = async (request: FastifyRequest, reply: FastifyReply, language: string) => {
    const { enabledLanguages } = await getSiteSettings(app.db, app.config);
    if (!parseEnabledLanguages(enabledLanguages).includes(language as LanguageCode)) fail('LANGUAGE_NOT_OFFERED');
    const user = await currentUser(request);
    if (user) await updateOwnProfile(app.db, user.id, normalise({ preferredLanguage: language }));
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: LANGUAGE_COOKIE_SECONDS, sameSite: 'lax', secure: request.protocol === 'https' });
    return { language };
  };
  r.put('/api/language', { schema: { tags, body: languageChoiceSchema, response: { 200: languageChoiceSchema } } }, (request, reply) =>
    chooseLanguage(request, reply, request.body.language),
  );
  serveRequestForm(app, chooseLanguageWithInput, (request, reply, input) => chooseLanguage(request, reply, input.language));

  r.put('/api/profile/achievements', { schema: { tags, body: achievementsSchema, response: { 200: ownProfileSchema } } }, async (request) => {
    const user = await requireUser(request);
    await setAchievements(app.db, user.id, request.body.achievements);
    return own(user.id);
  });

  for (const [segment, column, kind] of [
    ['avatar', 'avatar_url', 'avatar'],
    ['banner', 'banner_url', 'banner'],
  ] as const) {
    r.put(`/api/profile/${segment}`, { schema: { tags, consumes: ['multipart/form-data'], response: { 200: ownProfileSchema } } }, async (request) => {
      const user = await requireUser(request);
      const url = await storeImageUpload(app, request, kind);
      await app.storage.remove(await setProfileImage(app.db, user.id, column, url));
      return own(user.id);
    });
    r.delete(`/api/profile/${segment}`, { schema: { tags, response: { 200: ownProfileSchema } } }, async (request) => {
      const user = await requireUser(request);
      await app.storage.remove(await setProfileImage(app.db, user.id, column, null));
      return own(user.id);
    });
  }

  read(app, '/api/profiles/:id', { tags, cache: 'public', params: idParams, response: publicProfileSchema }, async (ctx, { params }) => {
    // Told to the page's other calls before the session is read, so that they come after it.
    const found = ctx.viewer().then((viewer) => getPublicProfile(ctx.db, params.id, viewer));
    const profile = await tellProfileVisible(ctx, params.id, found);
    if (!profile) fail('USER_NOT_FOUND');
    return profile;
  });

  read(
    app,
    '/api/profiles/:id/activity',
    { tags, cache: 'public', params: idParams, query: pageQuery, response: z.array(activitySchema) },
    async (ctx, { params, query }) => {
      if (!(await profileIsVisibleOnce(ctx, params.id))) fail('USER_NOT_FOUND');
      return listActivity(ctx.db, params.id, query.limit, (await ctx.user())?.id ?? null);
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    read(
      app,
      `/api/profiles/:id/${direction}`,
      { tags, cache: 'public', params: idParams, query: pageQuery, response: z.array(personSchema) },
      async (ctx, { params, query }) => {
        if (!(await profileIsVisibleOnce(ctx, params.id))) fail('USER_NOT_FOUND');
        return listFollows(ctx.db, params.id, direction, query.page, query.limit);
      },
    );
  }

  for (const [action, follow] of [
    [followPersonWithInput, true],
    [unfollowPersonWithInput, false],
  ] as const) {
    serveAction(app, action, { tags, response: userFollowStateSchema }, async (ctx, { id }) => {
      const user = await ctx.requireUser();
      if (user.id === id) fail('VALIDATION_ERROR', { message: 'You cannot follow yourself.' });
      if (!(await profileIsVisible(ctx.db, id))) fail('USER_NOT_FOUND');
      if (follow && (await blockedBetween(ctx.db, user.id, id))) fail('BLOCKED');
      await limitAction(ctx.app, 'follow', user.id);
      return setUserFollow(ctx.db, user.id, id, follow);
    });
  }
}
