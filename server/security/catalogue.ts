import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ContentType } from '../../common/content-basics.ts';
import type { DB } from '../db/schema.ts';
import type { contentTestKit, User } from '../test/content-kit.ts';

/** What the security suite knows about the API: its OpenAPI routes and a valid body for each writer. */

export type Kit = ReturnType<typeof contentTestKit>;

type JsonSchema = {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  required?: string[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { name: string; in: string; schema: JsonSchema }[];
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export async function openApi(kit: Kit): Promise<OpenApi> {
  const res = await kit.call('GET', '/api/docs', null);
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApi;
}

/** "METHOD /path/{param}" of every operation. */
export function routesOf(doc: OpenApi): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** The live event stream never ends: its own tests (server/features/live) read it over HTTP. */
export const IS_STREAM = (path: string) => path === '/api/live';

/** The top-level fields of a route's JSON body marked as URLs (format uri / uri-reference), and every field. */
export function bodyFields(doc: OpenApi, route: string): { all: string[]; urls: string[] } {
  const [method, path] = route.split(' ') as [string, string];
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  const props = schema?.properties ?? {};
  const isUrl = (s: JsonSchema): boolean => s.format === 'uri' || s.format === 'uri-reference' || (s.anyOf ?? []).some(isUrl);
  return { all: Object.keys(props), urls: Object.keys(props).filter((k) => isUrl(props[k]!)) };
}

export const DISCIPLINE = 'surfing';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type ContentTable = 'places' | 'events' | 'tricks' | 'reviews' | 'shops' | 'articles';

export type ContentSpec = {
  type: ContentType;
  section: ContentTable;
  /** The field holding the item's name in the API, and its column. */
  nameField: string;
  nameColumn: 'name' | 'title' | 'product_name';
  input: (name: string) => Record<string, unknown>;
  /** A row inserted straight into the table (no API, no hourly limit). */
  row: (name: string) => Record<string, unknown>;
};

export const CONTENT: ContentSpec[] = [
  {
    type: 'place',
    section: 'places',
    nameField: 'name',
    nameColumn: 'name',
    input: (name) => ({ name, location: 'North Shore, Oahu', latitude: 21.665, longitude: -158.053 }),
    row: (name) => ({ name, location: 'North Shore, Oahu', latitude: 21.665, longitude: -158.053 }),
  },
  {
    type: 'event',
    section: 'events',
    nameField: 'name',
    nameColumn: 'name',
    input: (name) => ({
      name,
      description: 'The classic contest.',
      location: 'Oahu',
      startDate: inDays(10),
      endDate: inDays(12),
      type: 'Competition',
      price: 0,
      maxAttendees: null,
    }),
    row: (name) => ({ name, description: 'The classic contest.', location: 'Oahu', start_date: inDays(10), end_date: inDays(12), price: 0 }),
  },
  {
    type: 'trick',
    section: 'tricks',
    nameField: 'name',
    nameColumn: 'name',
    input: (name) => ({ name, description: 'Flip the board.', level: 'Intermediate', difficulty: 5, steps: ['Pop', 'Flick'], tips: [] }),
    row: (name) => ({ name, description: 'Flip the board.', difficulty: 5, steps: '["Pop"]', tips: '[]' }),
  },
  {
    type: 'review',
    section: 'reviews',
    nameField: 'productName',
    nameColumn: 'product_name',
    input: (name) => ({
      productName: name,
      brand: 'Channel Islands',
      category: 'Board',
      content: 'Fast down the line.',
      rating: 4.5,
      overallScore: 8.7,
      price: 849.99,
    }),
    row: (name) => ({ product_name: name, content: 'Fast down the line.', rating: 4 }),
  },
  {
    type: 'shop',
    section: 'shops',
    nameField: 'name',
    nameColumn: 'name',
    input: (name) => ({ name, description: 'Boards and repairs.', location: 'Honolulu', website: 'https://waves.example.com' }),
    row: (name) => ({ name, description: 'Boards and repairs.', location: 'Honolulu', specialties: '[]', brands: '[]' }),
  },
  {
    type: 'article',
    section: 'articles',
    nameField: 'title',
    nameColumn: 'title',
    input: (name) => ({ title: name, content: 'Watch the sets before you paddle out.' }),
    row: (name) => ({ title: name, content: 'Watch the sets before you paddle out.' }),
  },
];

export const specOf = (section: string): ContentSpec => CONTENT.find((c) => c.section === section)!;

/** An item written straight to its table, approved unless told otherwise. */
export async function insertContent(db: Kysely<DB>, spec: ContentSpec, author: User | null, name: string, status: 'approved' | 'pending' = 'approved') {
  const values = { ...spec.row(name), discipline_id: DISCIPLINE, author_id: author?.id ?? null, status };
  const row = await db
    .insertInto(spec.section)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A team led by `leader` with `members`, written straight to the tables. */
export async function insertTeam(db: Kysely<DB>, leader: User, members: User[] = [], options: { isPrivate?: boolean; name?: string } = {}) {
  const team = await db
    .insertInto('teams')
    .values({
      name: options.name ?? `Crew ${Math.random().toString(36).slice(2, 8)}`,
      leader_id: leader.id,
      status: 'approved',
      is_private: options.isPrivate ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values([
      { team_id: team.id, user_id: leader.id, role: 'leader' as const },
      ...members.map((m) => ({ team_id: team.id, user_id: m.id, role: 'member' as const })),
    ])
    .execute();
  await db.insertInto('team_disciplines').values({ team_id: team.id, discipline_id: DISCIPLINE }).execute();
  return team.id;
}
