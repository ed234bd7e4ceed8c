import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushDeviceSchema, pushDevicesSchema, pushSubscriptionSchema, revokePushDeviceWithInput } from '../../../common/push.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { requireSession } from '../../lib/session.ts';
import { deviceOf } from './device-label.ts';
import { deleteDevice, listDevices, saveDevice } from './push.db.ts';
import { isPushService } from './push.send.ts';

const DEVICE_ID = /^[1-9]\d{0,14}$/;
const SUBSCRIPTIONS_PER_HOUR = 30;

/** The signed-in person's devices for Web Push (issue 21, item 4); anyone else's answer 404. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];

  read(app, '/api/push/devices', { tags, cache: 'no-store', response: pushDevicesSchema }, async (ctx) => {
    const { user, sessionId } = await ctx.requireSession();
    return { publicKey: app.config.push?.publicKey ?? null, devices: await listDevices(ctx.db, user.id, sessionId) };
  });

  r.post(
    '/api/push/devices',
    { config: { cache: 'no-store' }, schema: { tags, body: pushSubscriptionSchema, response: { 201: pushDeviceSchema } } },
    async (request, reply) => {
      const { user, sessionId } = await requireSession(request);
      const keys = app.config.push;
      if (!keys) fail('SERVICE_UNAVAILABLE');
      if (!isPushService(request.body.endpoint, app.config.pushServices)) fail('PUSH_SERVICE_NOT_ALLOWED');
      await app.limiter.consume(`push-devices:user:${user.id}`, { max: SUBSCRIPTIONS_PER_HOUR, windowSeconds: 3600 });
      const device = await saveDevice(app.db, {
        userId: user.id,
        sessionId,
        subscription: request.body,
        ...deviceOf(request.headers['user-agent']),
        vapidPublicKey: keys.publicKey,
      });
      return reply.status(201).send(device);
    },
  );

  serveAction(app, revokePushDeviceWithInput, { tags, status: 204, response: z.null() }, async (ctx, { id }) => {
    const { user } = await ctx.requireSession();
    if (!DEVICE_ID.test(id) || !(await deleteDevice(ctx.db, user.id, id))) fail('NOT_FOUND');
    return null;
  });
}
