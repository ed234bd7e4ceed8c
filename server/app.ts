import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { seedSamples } from './db/seed-samples.ts';
import { createAuth, type DeletedUser } from './features/auth/auth.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { adminCatalogueRoutes } from './features/admin/admin-catalogue.routes.ts';
import { adminContentRoutes } from './features/admin/admin-content.routes.ts';
import { adminJobsRoutes } from './features/admin/admin-jobs.routes.ts';
import { adminModerationRoutes } from './features/admin/admin-moderation.routes.ts';
import { adminSettingsRoutes } from './features/admin/admin-settings.routes.ts';
import { adminTeamsRoutes } from './features/admin/admin-teams.routes.ts';
import { adminUsersRoutes } from './features/admin/admin-users.routes.ts';
import { setupAdminRoutes } from './features/admin/setup-admin.routes.ts';
import { approvalsRoutes } from './features/approvals/approvals.routes.ts';
import { athletesRoutes } from './features/athletes/athletes.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { calendarsRoutes } from './features/calendars/calendars.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { disciplinesRoutes } from './features/disciplines/disciplines.routes.ts';
import { feedRoutes } from './features/feed/feed.routes.ts';
import { sitemapRoutes } from './features/sitemap/sitemap.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { defineNotificationDigests } from './features/notifications/digest.ts';
import { checkPushSettingsAtStart, definePushes, pushRoutes } from './features/push/index.ts';
import { shareCardsRoutes } from './features/share-cards/index.ts';
import { homeRoutes } from './features/home/home.routes.ts';
import { placesRoutes } from './features/places/places.routes.ts';
import { tricksRoutes } from './features/tricks/tricks.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { shopsRoutes } from './features/shops/shops.routes.ts';
import { articlesRoutes } from './features/articles/articles.routes.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { reactionsRoutes } from './features/reactions/reactions.routes.ts';
import { conditionsRoutes } from './features/places/place-conditions.routes.ts';
import { sessionStatsRoutes } from './features/sessions/session-stats.routes.ts';
import { sessionsRoutes } from './features/sessions/sessions.routes.ts';
import { photosRoutes } from './features/photos/index.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { teamsRoutes } from './features/teams/teams.routes.ts';
import { adminApi } from './lib/admin-guard.ts';
import { registerSecurityHeaders, securityHeaderOptions } from './lib/security-headers.ts';
import { registerReads } from './lib/reads.ts';
import { registerActions } from './lib/actions.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { documentingCachePolicy, registerHttpCache } from './lib/http-cache.ts';
import { multipartOptions } from './lib/images.ts';
import { defineCleanup } from './lib/cleanup.ts';
import { createJobs } from './lib/jobs.ts';
import { createMailTransport, MAIL_QUEUE, mailQueue, queuedMailer, type Mailer, type MailTransport } from './lib/mailer.ts';
import { registerOriginGuard } from './lib/origin-guard.ts';
import { logSerializers } from './lib/log-redaction.ts';
import { registerWebPages } from './lib/web-pages.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { registerSessionSignals } from './lib/session.ts';
import { createStorage, localUploadsDir, serveLocalUploads } from './lib/storage.ts';

export type BuildOptions = {
  /** An already-open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  /** Keeps each mail instead of queueing it (tests that read a request's mails as soon as it is answered). */
  mailer?: Mailer;
  /** What the `mail` queue's jobs send through instead of SMTP or the .eml folder (tests). */
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
};

// Only hops added by proxies on our own network count: `true` would trust every X-Forwarded-For
// entry, which the client writes, and let it pick its own address for the rate limits.
const OWN_PROXIES = 'loopback,linklocal,uniquelocal';

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger ??
      (config.env === 'development'
        ? {
            level: config.logLevel,
            serializers: logSerializers,
            transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
          }
        : { level: config.logLevel, serializers: logSerializers }),
    trustProxy: config.trustProxy ? OWN_PROXIES : false,
    bodyLimit: 1024 * 1024,
    // Route lookups ignore a trailing slash, as users type URLs both ways.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A text/plain body is what a cross-site form can send without a preflight: we never accept one.
  app.removeContentTypeParser('text/plain');

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  await migrate(database);
  await seed(database.db);
  if (config.sampleContent) await seedSamples(database.db);

  // The job queue (server/lib/jobs.ts) on the same database; its queues are defined below, it starts
  // once the app is built and stops before the database closes (onClose hooks run last-added first).
  const jobs = createJobs({ database, databaseUrl: config.databaseUrl, log: app.log, workers: config.jobs.workers, pollSeconds: config.jobs.pollSeconds });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const transport = options.mailTransport ?? createMailTransport(config, app.log);
  jobs.define(MAIL_QUEUE, mailQueue({ db: database.db, transport, publicUrl: config.publicUrl, retry: config.jobs.mailRetry }));
  const mailer = options.mailer ?? queuedMailer(jobs);
  // Only `npm run dev` names a second origin (its Vite server); `npm start` trusts PUBLIC_URL alone.
  const allowedOrigins = config.devWebOrigin ? [config.publicUrl, config.devWebOrigin] : [config.publicUrl];
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('limiter', createRateLimiter(database.db));
  app.decorate('storage', createStorage(config, app.log));
  const removeFiles = async (user: DeletedUser) => {
    await Promise.all([user.avatarUrl, user.bannerUrl, ...user.photoUrls].map((url) => app.storage.remove(url)));
  };
  app.decorate('auth', createAuth({ config, db: database.db, mailer, allowedOrigins, log: app.log, onUserDeleted: removeFiles }));

  registerSecurityHeaders(app, securityHeaderOptions(config));
  registerSessionSignals(app);
  await app.register(cookie);
  await app.register(multipart, multipartOptions);
  await app.register(swagger, {
    openapi: { info: { title: 'Stoked API', version: '1.0.0' } },
    transform: documentingCachePolicy(jsonSchemaTransform),
  });
  registerErrorHandler(app);
  registerReads(app);
  registerActions(app);
  registerOriginGuard(app, allowedOrigins);
  registerHttpCache(app, config.httpCacheSeconds);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(disciplinesRoutes);
  await app.register(athletesRoutes);
  await app.register(homeRoutes);
  await app.register(contactRoutes);
  await app.register(teamsRoutes);
  await app.register(placesRoutes);
  await app.register(tricksRoutes);
  await app.register(eventsRoutes);
  await app.register(reviewsRoutes);
  await app.register(shopsRoutes);
  await app.register(articlesRoutes);
  await app.register(reactionsRoutes);
  await app.register(conditionsRoutes);
  await app.register(sessionsRoutes);
  await app.register(sessionStatsRoutes);
  await app.register(calendarsRoutes);
  await app.register(photosRoutes);
  if (!config.s3) serveLocalUploads(app, localUploadsDir(config));
  // Every /api/admin/ route module, behind the one admin guard: a new one is added to this list.
  await app.register(adminApi, {
    routes: [
      adminRoutes,
      adminUsersRoutes,
      adminContentRoutes,
      adminModerationRoutes,
      adminTeamsRoutes,
      adminCatalogueRoutes,
      adminSettingsRoutes,
      adminJobsRoutes,
      approvalsRoutes,
    ],
  });
  await app.register(setupAdminRoutes);
  await app.register(profilesRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);
  await app.register(messagesRoutes);
  await app.register(feedRoutes);
  await app.register(sitemapRoutes);
  await app.register(shareCardsRoutes);
  await app.register(liveRoutes);
  // Every process defines the queues and runs their jobs; of several processes (server/main.ts) one
  // takes each job, and one sends each scheduled slot (docs/decisions/0019-job-queue.md).
  defineNotificationDigests(app, config.notificationDigestMinutes, config.jobs.schedules);
  definePushes(app, config.pushIntervalMs);
  defineCleanup(app, config.jobs.schedules);
  checkPushSettingsAtStart(app);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerWebPages(app, config.webDist);
  await jobs.start();

  return app;
}
