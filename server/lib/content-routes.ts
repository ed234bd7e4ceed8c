import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UUID_PATTERN } from '../../common/content.ts';
import { ERROR_MESSAGES } from '../../common/error-codes.ts';
import { disciplineExists, type Viewer } from './content.ts';
import { forbidden, notFound } from './errors.ts';
import { currentUser, requireUser } from './session.ts';

/** Route pieces shared by the discipline sections. */

export const disciplineParams = z.object({ id: z.string().max(50) });
export const idParams = z.object({ id: z.string().max(100) });

/** Contributions one person may create per hour in each section. */
export const CREATIONS_PER_HOUR = 20;

export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const user = await currentUser(request);
  return user && { id: user.id, role: user.role };
}

export async function requireDiscipline(app: FastifyInstance, id: string): Promise<void> {
  if (!(await disciplineExists(app.db, id))) throw notFound('DISCIPLINE_NOT_FOUND', ERROR_MESSAGES.DISCIPLINE_NOT_FOUND);
}

/** An item the viewer may see; a malformed id, a missing item and a hidden one all answer the same 404. */
export async function findVisible<T>(get: (id: string, viewer: Viewer) => Promise<T | undefined>, id: string, viewer: Viewer): Promise<T> {
  const item = UUID_PATTERN.test(id) ? await get(id, viewer) : undefined;
  if (!item) throw notFound('CONTENT_NOT_FOUND', ERROR_MESSAGES.CONTENT_NOT_FOUND);
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
  if (user.role !== 'admin' && !item.mine) throw forbidden();
  return { user, item };
}

/** A signed-in contributor within the hourly limit of `section`, for a discipline that exists. */
export async function requireContributor(app: FastifyInstance, request: FastifyRequest, section: string, disciplineId: string) {
  const user = await requireUser(request);
  await requireDiscipline(app, disciplineId);
  await app.limiter.consume(`${section}:create:user:${user.id}`, { max: CREATIONS_PER_HOUR, windowSeconds: 3600 });
  return user;
}
