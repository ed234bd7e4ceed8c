// The push feature's public module (docs/decisions/0004-module-boundaries.md): the profile settings show
// its block. (The signed-in pages' needs read its query options from push.api.ts, as for every feature.)
export { PushSettings } from './push-settings.tsx';
