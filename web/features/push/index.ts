// The push feature's public module (docs/decisions/0004-module-boundaries.md): the profile settings show
// its block; the signed-in pages load its query.
export { PushSettings } from './push-settings.tsx';
export { pushQueries } from './push.api.ts';
