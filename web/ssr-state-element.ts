import type { DehydratedState } from '@tanstack/react-query';
import { SSR_STATE_ID, type SsrState } from './ssr-state.ts';

// The server's side of the handed-over state (web/entry-server.tsx); the browser reads it with
// readSsrState (web/ssr-state.ts) and needs none of this.

/** JSON with `<` escaped, so that no value (a team called `</script>`, say) can end the element early. */
const inElement = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

// The JSON of answers many pages hand over as they are (the menu's categories, the disciplines: a
// kept site-wide answer is the same object page after page), written once. A marker holds each
// one's place while the rest is written: a NUL and a random word no value can know.
const written = new WeakMap<object, string>();
const WORD = crypto.randomUUID();
const MARKER = `\u0000${WORD}:`;
// As JSON writes it: the NUL as `\u0000`, inside quotes.
const MARKED = new RegExp(`"\\\\u0000${WORD}:(\\d+)"`, 'g');

/**
 * A JSON data block, not a script: the CSP allows no inline script. The data of the queries
 * `reused` picks is written once for every page that hands it over: 20 of a page's 22 KB, which
 * JSON.stringify wrote again for each page (a twentieth of a profile's render thread).
 */
export function ssrStateElement(state: SsrState, reused: (query: DehydratedState['queries'][number]) => boolean = () => false): string {
  const parts: string[] = [];
  const queries = state.queries.queries.map((query) => {
    const data: unknown = query.state.data;
    if (typeof data !== 'object' || data === null || !reused(query)) return query;
    let json = written.get(data);
    if (json === undefined) written.set(data, (json = inElement(data)));
    parts.push(json);
    return { ...query, state: { ...query.state, data: `${MARKER}${parts.length - 1}` } };
  });
  let json = inElement({ ...state, queries: { ...state.queries, queries } });
  if (parts.length) json = json.replace(MARKED, (_, index: string) => parts[Number(index)]!);
  return `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`;
}
