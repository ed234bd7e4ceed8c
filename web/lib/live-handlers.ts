import type { LiveEventName } from './live.ts';

// The live events' listeners of this tab: ./live.ts adds them, ./live-stream.ts calls them. Apart from
// both, so that neither imports the other (the stream's code loads only for signed-in people).
export type Handler = (data: unknown) => void;
export const handlers = new Map<LiveEventName, Set<Handler>>();

export function emit(name: LiveEventName, data: unknown): void {
  handlers.get(name)?.forEach((handler) => handler(data));
}
