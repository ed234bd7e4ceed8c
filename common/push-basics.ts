/**
 * The push settings' action without the push schemas (common/push.ts): nothing here imports zod
 * (docs/decisions/0009-basics-modules.md).
 */
import { defineAction } from './actions.ts';

/** Revoking one of the person's devices from the profile settings (common/actions.ts); turning push on needs the browser's scripts. */
export const revokePushDeviceAction = defineAction<{ id: string }, null>()({
  name: 'revoke-push-device',
  method: 'DELETE',
  path: '/api/push/devices/:id',
  done: { kind: 'success', title: 'push.revoked' },
});
