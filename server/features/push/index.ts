// The push feature's public module (docs/decisions/0004-module-boundaries.md): the app registers its routes (and with them its action) and sender.
export { pushRoutes } from './push.routes.ts';
export { definePushes, sendQueuedPushes } from './push.send.ts';
export { checkPushSettingsAtStart } from './push.settings.ts';
