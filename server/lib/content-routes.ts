import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentType } from '../../common/content-basics.ts';
import { UUID_PATTERN } from '../../common/content.ts';
import { CONTENT_TABLES, disciplineExists, tellVisible, type Viewer } from './content.ts';
import { fail } from './errors.ts';
import { deleteWithPhotos, isPhotoSubject, photosOf } from './photos.ts';
import { editAsAuthor, withPendingRevision, type AtOnce } from './revisions.ts';
import { requireUser } from './session.ts';
import { queueShareCard } from './share-card-jobs.ts';
import { contextOf, type Ctx } from './context.ts';
import { read } from './reads.ts';
import { serveAction } from './actions.ts';
import { itemForm } from './content-forms.ts';
import { withInput, type ActionInput } from '../../common/actions.ts';
import { deleteItemAction, editItemAction } from '../../common/content-basics.ts';
import { SERIES_SCOPES } from '../../common/recurrence.ts';

/** Route pieces shared by the discipline sections. */

export const disciplineParams = z.object({ id: z.string().max(50) });
export const idParams = z.object({ id: z.string().max(100) });

/** Contributions one person may create per hour in each section. */
export const CREATIONS_PER_HOUR = 20;

/** Who asks, for a route that has not yet moved its work into a feature function. */
export const viewerOf = (request: FastifyRequest): Promise<Viewer> => contextOf(request).viewer();

export async function requireDiscipline(app: FastifyInstance, id: string): Promise<void> {
  if (!(await disciplineExists(app.db, id))) fail('DISCIPLINE_NOT_FOUND');
}

/** An item the viewer may see; a malformed id, a missing item and a hidden one all answer the same 404. */
export async function findVisible<T>(get: (id: string, viewer: Viewer) => Promise<T | undefined>, id: string, viewer: Viewer): Promise<T> {
  const item = UUID_PATTERN.test(id) ? await get(id, viewer) : undefined;
  if (!item) fail('CONTENT_NOT_FOUND');
  return item;
}

/** The signed-in author of the item, or an admin; anyone else is refused. */
export async function requireEditor<T extends { mine: boolean }>(
  request: FastifyRequest,
  get: (id: string, viewer: Viewer) => Promise<T | undefined>,
  id: string,
) {
  const user = await requireUser(request);
  const item = await findVisible(get, id, user);
  if (user.role !== 'admin' && !item.mine) fail('FORBIDDEN');
  return { user, item };
}

/** A signed-in contributor within the hourly limit of `section`, for a discipline that exists. */
export async function requireContributor(app: FastifyInstance, request: FastifyRequest, section: string, disciplineId: string) {
  const user = await requireUser(request);
  await requireDiscipline(app, disciplineId);
  // As for teams: an admin's contributions are published at once and never flood a review queue.
  if (user.role !== 'admin') await app.limiter.consume(`${section}:create:user:${user.id}`, { max: CREATIONS_PER_HOUR, windowSeconds: 3600 });
  return user;
}

type Db = FastifyInstance['db'];

/** What a section gives `contentRoutes`: its shared schemas and its database functions. */
export type ContentSection<I extends z.ZodType, U extends z.ZodType, Q extends z.ZodType, T extends z.ZodType, L extends z.ZodType> = {
  /** The plural in its addresses: /api/disciplines/:id/{section}, /api/{section}/:id. */
  section: string;
  schemas: { input: I; update: U; listQuery: Q; item: T; list: L };
  list: (db: Db, disciplineId: string, filters: z.output<Q>, viewer: Viewer) => Promise<z.input<L> & { items: readonly unknown[] }>;
  /** The item if `viewer` may see it, by `visibleTo`'s rule: its answer also tells a page's other calls (`tellVisible`). */
  get: (db: Db, id: string, viewer: Viewer) => Promise<(z.input<T> & { mine: boolean; status: string }) | undefined>;
  create: (db: Db, disciplineId: string, input: z.output<I>, author: NonNullable<Viewer>) => Promise<string>;
  /**
   * `editor` is the author or admin making the change (people told of it are never told of their own).
   * `db` may be a transaction: a revision is tried in one, and applied in its approval's.
   */
  update: (db: Db, id: string, changes: z.output<U>, editor: NonNullable<Viewer>) => Promise<void>;
  remove: (db: Db, id: string, editor: NonNullable<Viewer>) => Promise<void>;
  /**
   * What the answer to a creation or an edit warns of (the item is saved all the same): `changes` are
   * the fields sent, applied or waiting for approval as a revision.
   */
  warnings?: (db: Db, id: string, changes: Record<string, unknown>) => Promise<string[]>;
  /** Fields of an update that say how to apply it, not what changes (an event's applyTo): never a revision of their own. */
  editOptions?: readonly string[];
  /** Fields of an author's edit of an approved item that show less, to fewer people: they apply at once, the rest waits. */
  atOnce?: AtOnce;
  /** A date of a series and its later ones deleted (events), by its author or an admin already checked. */
  removeFollowing?: (app: FastifyInstance, id: string, editor: NonNullable<Viewer>) => Promise<void>;
};

/**
 * The five routes every content section has: its list in a discipline (anyone), contributing to it
 * (signed in, within the hourly limit), one item (404 unless visible), and editing and deleting
 * (its author or an admin; the author's edit of an approved item waits for an admin as a pending
 * revision). Returns the item getter for the section's own further routes.
 */
export function contentRoutes<I extends z.ZodType, U extends z.ZodType, Q extends z.ZodType, T extends z.ZodType, L extends z.ZodType>(
  app: FastifyInstance,
  c: ContentSection<I, U, Q, T, L>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [c.section];
  // Fastify's types cannot follow generic schemas: the routes see plain ones, and the casts below
  // hand the section's functions the parsed types its own schemas produce.
  const { input, update, listQuery, item, list } = c.schemas as Record<keyof typeof c.schemas, z.ZodType>;
  const get = (id: string, viewer: Viewer) => c.get(app.db, id, viewer);
  // A section's addresses are named after its table.
  const type = (Object.keys(CONTENT_TABLES) as ContentType[]).find((t) => CONTENT_TABLES[t] === c.section);
  if (!type) throw new Error(`No content table for section ${c.section}`);
  const photoType = isPhotoSubject(type) ? type : undefined;
  /** The item as `viewer` sees it, with its gallery and, for its author and admins, its pending revision. */
  const shown = async (ctx: Ctx, id: string, viewer: Viewer) => {
    const found = await findVisible((i, v) => tellVisible(ctx, type, i, v, get(i, v)), id, viewer);
    const photos = photoType ? { photos: await photosOf(app.db, { type: photoType, id }) } : {};
    return withPendingRevision(app.db, { type, id }, { ...found, ...photos }, viewer?.role === 'admin' || found.mine);
  };

  /** The `answer` to a creation or an edit, with its warnings when the section gives any. */
  const warned = async <V extends object>(id: string, changes: Record<string, unknown>, answer: V) => {
    const warnings = (await c.warnings?.(app.db, id, changes)) ?? [];
    return warnings.length > 0 ? { ...answer, warnings } : answer;
  };

  read(
    app,
    `/api/disciplines/:id/${c.section}`,
    { tags, cache: 'public', params: disciplineParams, query: listQuery, response: list },
    async (ctx, { params, query }) => {
      const page = await c.list(ctx.db, params.id, query as z.output<Q>, await ctx.viewer());
      // An empty page may be a discipline that does not exist; any other is one that does (a statement saved).
      if (page.items.length === 0) await requireDiscipline(app, params.id);
      return page;
    },
  );

  r.post(`/api/disciplines/:id/${c.section}`, { schema: { tags, params: disciplineParams, body: input, response: { 201: item } } }, async (request, reply) => {
    const user = await requireContributor(app, request, c.section, request.params.id);
    const id = await c.create(app.db, request.params.id, request.body as z.output<I>, user);
    if (user.role === 'admin') await queueShareCard(app, type, id);
    return reply.status(201).send(await warned(id, request.body as Record<string, unknown>, await shown(contextOf(request), id, user)));
  });

  read(app, `/api/${c.section}/:id`, { tags, cache: 'public', params: idParams, response: item }, async (ctx, { params }) =>
    shown(ctx, params.id, await ctx.viewer()),
  );

  /** The signed-in author of the item, or an admin; anyone else is refused. */
  const editor = async (ctx: Ctx, id: string) => {
    const user = await ctx.requireUser();
    const found = await findVisible(get, id, user);
    if (user.role !== 'admin' && !found.mine) fail('FORBIDDEN');
    return { user, item: found };
  };

  // The JSON routes and the item page's plain forms (`?edit=1`, its Delete disclosure): one definition each.
  serveAction(
    app,
    withInput(editItemAction(c.section), idParams),
    { tags, response: item, body: update as ActionInput, form: itemForm(c.section) },
    async (ctx, { id, ...changes }) => {
      const { user, item: current } = await editor(ctx, id);
      if (user.role === 'admin') {
        await c.update(app.db, id, changes as z.output<U>, user);
      } else {
        // Whether the item is approved is read again under its lock: one approved meanwhile gets a revision.
        const { applied } = await editAsAuthor(app.db, { type, id }, current, changes, user.id, (tx, fields) => c.update(tx, id, fields as z.output<U>, user), {
          editOptions: c.editOptions,
          atOnce: c.atOnce,
        });
        if (Object.keys(applied).length > 0)
          app.log.info({ itemType: type, itemId: id, authorId: user.id, applied }, 'an edit of an approved item applied at once');
      }
      await queueShareCard(app, type, id, { changes });
      return warned(id, changes, await shown(ctx, id, user));
    },
  );

  // A section with series (events) deletes a date and its later ones when asked (`applyTo`).
  const removeInput = c.removeFollowing ? idParams.extend({ applyTo: z.enum(SERIES_SCOPES).optional() }) : idParams;
  serveAction(app, withInput(deleteItemAction(c.section), removeInput), { tags, response: z.null(), status: 204 }, async (ctx, input) => {
    const { user } = await editor(ctx, input.id);
    if (c.removeFollowing && 'applyTo' in input && input.applyTo === 'following') {
      await c.removeFollowing(app, input.id, user);
      return null;
    }
    const remove = () => c.remove(app.db, input.id, user);
    await (photoType ? deleteWithPhotos(app, { type: photoType, id: input.id }, remove) : remove());
    return null;
  });

  return get;
}
