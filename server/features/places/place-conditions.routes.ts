import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conditionLikeResultSchema,
  conditionReportInputSchema,
  deleteConditionReportWithInput,
  likeConditionReportWithInput,
  placeConditionsSchema,
  reportConditionsWithInput,
  unlikeConditionReportWithInput,
} from '../../../common/conditions.ts';
import { UUID_PATTERN } from '../../../common/content.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { field, serveAction, type FormFields } from '../../lib/actions.ts';
import { CONDITION_CHOICES } from '../../../common/conditions-basics.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { contextOf, type Ctx } from '../../lib/context.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { deleteWithPhotos } from '../../lib/photos.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { addReport, currentReports, deleteReport, getReport, reportablePlace, setReportLike } from './place-conditions.db.ts';

// Per person: a report every few minutes all day long is plenty; a flood stops with a 429.
const REPORTS_PER_10_MIN = 10;

const idParams = z.object({ id: z.string().max(100) });

/** Condition reports on places (issue 20, item 2): read by anyone who may see the place, made by riders signed in. */
export async function conditionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['conditions'];

  /** The place when the caller may see it: hidden (pending, rejected), missing and malformed ids all answer 404. */
  async function visiblePlace(ctx: Ctx, id: string) {
    const place = UUID_PATTERN.test(id) ? await reportablePlace(ctx.db, id.toLowerCase(), await ctx.viewer()) : undefined;
    return assertFound(place, 'CONTENT_NOT_FOUND');
  }

  async function visibleReport(ctx: Ctx, id: string) {
    const user = await ctx.requireUser();
    const report = UUID_PATTERN.test(id) ? await getReport(ctx.db, id.toLowerCase(), user) : undefined;
    return { user, report: assertFound(report) };
  }

  // Public data of the place, cached like it (decision 0005): who asks only changes `liked` and `canDelete`, and a session makes the answer private.
  read(app, '/api/places/:id/conditions', { tags, cache: 'public', params: idParams, response: placeConditionsSchema }, async (ctx, { params }) =>
    currentReports(ctx.db, await visiblePlace(ctx, params.id), await ctx.viewer()),
  );

  // Every answer the form sent, as sent: the input refuses one that does not fit the place's kind, or one missing.
  const reportForm = (fields: FormFields) => {
    const body: Record<string, string> = { id: field(fields, 'placeId'), kind: field(fields, 'kind'), note: fields.get('note') ?? '' };
    for (const name of Object.keys(CONDITION_CHOICES)) if (fields.has(name)) body[name] = field(fields, name);
    return body;
  };
  serveAction(
    app,
    reportConditionsWithInput,
    { tags, response: placeConditionsSchema, status: 201, body: conditionReportInputSchema, form: reportForm },
    async (ctx, { id, ...report }) => {
      const user = await ctx.requireUser();
      const place = await visiblePlace(ctx, id);
      // The body's shape is one kind's; the place decides which kind it must be.
      if (report.kind !== place.kind) fail('CONDITIONS_WRONG_FIELDS');
      await app.limiter.consume(`conditions:user:${user.id}`, { max: REPORTS_PER_10_MIN, windowSeconds: 600 });
      await addReport(ctx.db, place.id, user.id, report, app.config.conditionsTtlHours);
      return currentReports(ctx.db, place, user);
    },
  );

  serveAction(app, deleteConditionReportWithInput, { tags, response: z.null(), status: 204 }, async (ctx, { id }) => {
    const { user, report } = await visibleReport(ctx, id);
    if (user.role !== 'admin' && report.author_id !== user.id) fail('FORBIDDEN');
    await deleteWithPhotos(app, { type: 'condition_report', id: report.id }, () => deleteReport(ctx.db, report.id));
    return null;
  });

  async function like(ctx: Ctx, id: string, liked: boolean) {
    const { user, report } = await visibleReport(ctx, id);
    // As for likes of content: nobody on the other side of a block (checklist line 38).
    if (liked && (await blockedBetween(ctx.db, user.id, report.author_id))) fail('BLOCKED');
    await limitAction(app, 'like', user.id);
    return setReportLike(ctx.db, report.id, user.id, liked);
  }
  serveAction(app, likeConditionReportWithInput, { tags, response: conditionLikeResultSchema }, (ctx, { id }) => like(ctx, id, true));
  serveAction(app, unlikeConditionReportWithInput, { tags, response: conditionLikeResultSchema }, (ctx, { id }) => like(ctx, id, false));
}
