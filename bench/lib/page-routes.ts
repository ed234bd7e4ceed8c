import { cpuMeter, type CpuMeter } from './cpu.ts';
import { BARE_SHELL } from './load-generator.ts';
import type { Route } from './measure.ts';
import type { PageServer } from './page-server.ts';

export type PageKey = 'home' | 'hub' | 'events' | 'event' | 'team' | 'profile';
export type PageRoute = Route & { key: PageKey };

const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };
// The JSON as the web app asks for it, compressed the same way as the page.
const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': 'br' };

/**
 * The pages of one server (its own team, event and account), and for each the JSON of the same data:
 * the API reads the page makes inside the server, sent in turn by each connection of the load generator.
 */
export async function routesOf(server: PageServer, pageSamples: number) {
  const { teamId, eventId, userId } = server.ids;
  const { shell } = server;
  const shellBytes = shell.status === 200 && shell.body.includes(BARE_SHELL) && shell.length > 0 ? shell.length : undefined;
  if (shellBytes === undefined)
    console.warn(`the bare shell could not be read from GET /login (${shell.status}); shells are counted from x-render and samples only`);
  const names: Record<string, string> = { [teamId]: ':teamId', [eventId]: ':eventId', [userId]: ':userId' };
  const shown = (p: string) => Object.entries(names).reduce((s, [id, name]) => s.replaceAll(id, name), p);

  const page = (key: PageKey, name: string, path: string, headers: Record<string, string> = {}): PageRoute => ({
    key,
    name,
    path,
    headers: { ...PAGE_HEADERS, ...headers },
    pageSamples,
    ...(shellBytes === undefined ? {} : { shellBytes }),
  });
  const pages = [
    page('home', 'home', '/'),
    page('hub', 'discipline hub', '/discipline/surfing'),
    page('events', 'events list', '/discipline/surfing/events'),
    page('event', 'one event', `/discipline/surfing/events/${eventId}`),
    page('team', 'team', `/team/${teamId}`),
    page('profile', 'profile', `/profile/${userId}`),
  ];
  const oneConnection = [pages[1]!, pages[0]!];
  const signedIn = [pages[0]!, pages[1]!].map((p) => page(p.key, `${p.name}, signed in`, p.path, { cookie: server.cookie }));

  const reads = await server.probe([...pages, ...signedIn].map((p) => ({ path: p.path, headers: p.headers ?? {} })));
  const jsonOf = (p: PageRoute, i: number): PageRoute | undefined => {
    const sequence = reads[i]!;
    if (sequence.length === 0) return undefined;
    const { cookie } = p.headers ?? {};
    return { key: p.key, name: `${p.name}, JSON`, path: sequence[0]!, sequence, headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) } };
  };
  const visitorsJson = pages.map((p, i) => jsonOf(p, i));
  const membersJson = signedIn.map((p, i) => jsonOf(p, pages.length + i));
  const meter: CpuMeter = await cpuMeter(server.pid, server.databaseUrl);
  return { server, meter, shellBytes, shown, pages, oneConnection, signedIn, visitorsJson, membersJson };
}

export type ServerRoutes = Awaited<ReturnType<typeof routesOf>>;

/** The JSON reads of a page as the report shows them. */
export const readsText = (r: Pick<Route, 'sequence'> | undefined, shown: (p: string) => string) =>
  r?.sequence ? r.sequence.map((p) => `GET ${shown(p)}`).join(', ') : 'none (all cached by the renderer)';
