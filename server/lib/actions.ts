import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doneMessage, pathFields, type ActionInput, type ActionWithInput } from '../../common/actions.ts';
import type { Flash } from '../../common/forms.ts';
import { contextOf, type Ctx } from './context.ts';
import { errorAnswer, refusedFields } from './error-handler.ts';
import type { CachePolicy } from './http-cache.ts';

/**
 * The server's side of an action defined once (common/actions.ts, docs/decisions/0018): one function
 * of the feature, `(ctx, input) → answer`, behind its JSON route and its plain-HTML form.
 */

type Run = (ctx: Ctx, input: Record<string, unknown>) => Promise<unknown>;
type Served = { action: ActionWithInput; run: Run };

/** The actions served by an app, by name: its plain forms' handler finds them here (server/lib/forms.ts). */
export class ActionTable {
  private readonly served = new Map<string, Served>();
  add(served: Served): void {
    if (this.served.has(served.action.name)) throw new Error(`The action ${served.action.name} is served twice`);
    this.served.set(served.action.name, served);
  }
  get(name: string): Served | undefined {
    return this.served.get(name);
  }
}

/** Gives `app` its table of actions; once, before the features. */
export function registerActions(app: FastifyInstance): void {
  app.decorate('actions', new ActionTable());
}

export type ServeOptions<R extends z.ZodType> = {
  tags: string[];
  response: R;
  /** The status of a success (200 unless said). */
  status?: number;
  cache?: CachePolicy;
};

/**
 * Serves `action`: its JSON route (`method path`, the path's fields as params, the others as the
 * body, validated by the action's input) and its plain form, both calling `run` with the request's
 * context. A 204 answers no body.
 */
export function serveAction<F extends object, A, I extends ActionInput, R extends z.ZodType>(
  app: FastifyInstance,
  action: ActionWithInput<string, F, A, I>,
  options: ServeOptions<R>,
  run: (ctx: Ctx, input: z.output<I>) => Promise<z.input<R>>,
): void {
  const fields = pathFields(action.path);
  const pick = Object.fromEntries(fields.map((name) => [name, true])) as Record<string, true>;
  const params = fields.length > 0 ? action.input.pick(pick) : undefined;
  const body = action.input.omit(pick);
  const hasBody = Object.keys(body.shape).length > 0;
  // A body of optional fields only may be left out (a DELETE sends none, or an empty JSON null).
  const bodySchema = body.safeParse({}).success ? body.nullish() : body;
  const status = options.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: action.method,
    url: action.path,
    config: options.cache ? { cache: options.cache } : {},
    schema: { tags: options.tags, ...(params ? { params } : {}), ...(hasBody ? { body: bodySchema } : {}), response: { [status]: options.response } },
    // Fastify's types cannot follow a generic response schema: the handler is typed loosely.
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      const input = { ...(request.body as object | undefined), ...(request.params as object) } as z.output<I>;
      const answer = await run(contextOf(request), input);
      return reply.status(status).send(status === 204 ? null : answer);
    }) as never,
  });
  serveForm(app, action, run as never);
}

/**
 * Serves only the plain form of `action`, whose JSON route is another action's or a route of its
 * own (two answers sharing one route, told apart by a field of its body): the form calls `run`,
 * which that route calls too.
 */
export function serveForm<F extends object, A, I extends ActionInput>(
  app: FastifyInstance,
  action: ActionWithInput<string, F, A, I>,
  run: (ctx: Ctx, input: z.output<I>) => Promise<unknown>,
): void {
  app.actions.add({ action: action as unknown as ActionWithInput, run: run as Run });
}

/**
 * The plain form of a served action: its fields read with the action's input (as text; an input
 * field that is not text coerces), the same function called, and the sender sent back (303) with
 * its outcome as a flash message. A visitor is sent to log in and back.
 */
export async function answerServedForm(
  request: FastifyRequest,
  reply: FastifyReply,
  served: Served,
  fields: URLSearchParams,
  back: string,
  send: (flash: Flash | undefined, location: string) => FastifyReply,
): Promise<FastifyReply> {
  const { action, run } = served;
  const parsed = action.input.safeParse(Object.fromEntries(fields));
  const refused = (code: string, retryAfter?: string): Flash => {
    const error: Flash = { kind: 'error', title: `errors.${code}`, ...(code === 'RATE_LIMITED' ? { params: { seconds: retryAfter ?? '60' } } : {}) };
    return action.failTitle ? { ...error, title: action.failTitle, text: error.title } : error;
  };
  if (!parsed.success) {
    const { body } = refusedFields(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
    return send(refused(body.code), back);
  }
  try {
    const answer = await run(contextOf(request), parsed.data);
    return send(doneMessage(action, answer, parsed.data as Record<string, unknown>), back);
  } catch (error) {
    const { status, headers, body } = errorAnswer(error as Parameters<typeof errorAnswer>[0], request.log);
    // A visitor's action: they log in, then come back to where they were.
    if (status === 401) return send(action.signedOut ?? { kind: 'error', title: 'content.loginRequired' }, `/login?next=${encodeURIComponent(back)}`);
    return send(refused(body.code, headers['retry-after']), back);
  }
}
