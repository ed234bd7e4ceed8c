import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { doneMessage, pathFields, type ActionInput, type ActionWithInput } from '../../common/actions.ts';
import { BACK_FIELD, FLASH_COOKIE, FORM_ACTION_PREFIX, FORM_REPLY_ID, parseFlash, safeBack, type Flash, type FormReply } from '../../common/forms.ts';
import { contextOf, type Ctx } from './context.ts';
import { errorAnswer, refusedFields } from './error-handler.ts';
import type { CachePolicy } from './http-cache.ts';

/**
 * The server's side of an action defined once (common/actions.ts, docs/decisions/0018): one function
 * of the feature behind its JSON route and its plain-HTML form. The form is `POST /actions/<name>`
 * with a urlencoded body; it is answered with a redirect (303) and the outcome as a flash message,
 * and a refused form comes back with what was typed and each field's error.
 */

/** The text fields of a plain form, as the browser sent them. */
export type FormFields = URLSearchParams;
/**
 * Turns a plain form's text fields into the action's input (numbers, lists, ticked boxes…), with the
 * request for what the browser keeps besides (a cookie); may refuse with `fail()`.
 */
export type FormReader = (fields: FormFields, request: FastifyRequest) => Record<string, unknown>;
/** What a served action runs for its plain form: the request and its reply, for the few actions (signing in) whose answer sets cookies. */
type Run = (request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>) => Promise<unknown>;
/** Reads a plain form's input: the action's input, or its path's fields and its body apart (a served action's `body`). */
type Parse = (
  value: Record<string, unknown>,
) => { success: true; data: Record<string, unknown> } | { success: false; issues: readonly { path: PropertyKey[]; message: string }[] };
type Served = { action: ActionWithInput; run: Run; form?: FormReader; parse: Parse };

/** The actions served by an app, by name: its plain forms' route finds them here. */
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

export type ServeOptions<R extends z.ZodType> = {
  tags: string[];
  response: R;
  /** The status of a success (200 unless said). */
  status?: number;
  cache?: CachePolicy;
  /** How the plain form's text fields become the input, when they are not the input's fields as they are. */
  form?: FormReader;
  /** The JSON body's schema, when it is not the input less its path's fields (an input whose fields are checked against each other, or a choice). */
  body?: ActionInput;
};

/** `input` less the fields of the path: only an object's fields can be told apart (else say the body in `body`). */
function omitFields(input: ActionInput, fields: string[]): ActionInput {
  if (!(input instanceof z.ZodObject)) throw new Error('An action whose input is not an object, with fields in its path, names its body schema');
  return input.omit(Object.fromEntries(fields.map((name) => [name, true])) as Record<string, true>);
}

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
  const input = action.input as ActionInput;
  const shape = input instanceof z.ZodObject ? (input.shape as Record<string, z.ZodType>) : undefined;
  // From the input's shape, not `pick`: zod refuses to pick from an input with refinements. A path
  // field of an input that is a choice of objects is an id.
  const params = fields.length > 0 ? z.object(Object.fromEntries(fields.map((name) => [name, shape?.[name] ?? z.string().max(100)]))) : undefined;
  const body = options.body ?? (fields.length === 0 ? input : omitFields(input, fields));
  const hasBody = !(body instanceof z.ZodObject) || Object.keys(body.shape).length > 0;
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
  const parse: Parse | undefined =
    options.body && params
      ? (value) => {
          const inPath = Object.fromEntries(fields.map((name) => [name, value[name]]));
          const rest = Object.fromEntries(Object.entries(value).filter(([name]) => !fields.includes(name)));
          const [path, sent] = [params.safeParse(inPath), body.safeParse(rest)];
          if (path.success && sent.success) return { success: true, data: { ...(sent.data as object), ...path.data } };
          return { success: false, issues: [...(path.error?.issues ?? []), ...(sent.error?.issues ?? [])] };
        }
      : undefined;
  serveRequestForm(app, action, (request, _reply, input) => run(contextOf(request), input as z.output<I>), options.form, parse);
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
  form?: FormReader,
): void {
  serveRequestForm(app, action, (request, _reply, input) => run(contextOf(request), input as z.output<I>), form);
}

/** Serves the plain form of an action whose function needs the request and its reply (its answer sets the session's cookies). */
export function serveRequestForm<F extends object, A, I extends ActionInput>(
  app: FastifyInstance,
  action: ActionWithInput<string, F, A, I>,
  run: (request: FastifyRequest, reply: FastifyReply, input: z.output<I>) => Promise<unknown>,
  form?: FormReader,
  parse?: Parse,
): void {
  const byInput: Parse = (value) => {
    const parsed = action.input.safeParse(value);
    return parsed.success ? { success: true, data: parsed.data as Record<string, unknown> } : { success: false, issues: parsed.error.issues };
  };
  app.actions.add({ action: action as unknown as ActionWithInput, run: run as Run, parse: parse ?? byInput, ...(form ? { form } : {}) });
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const FLASH_SECONDS = 60;
/** A form reply not taken by then is gone (the flash naming it lives a minute). */
const REPLY_MINUTES = 10;
/** Refused forms one sender may have kept in ten minutes (server/lib/rate-limit.ts). */
const KEPT_REPLIES_PER_IP = { max: 30, windowSeconds: REPLY_MINUTES * 60 };
/** Fields never kept: what was typed there is not written anywhere. */
const SECRET_FIELD = /password|token/i;

/**
 * `POST /actions/:action` with a urlencoded body, and the table of actions it answers. The origin
 * guard (server/lib/origin-guard.ts) admits that body type only here and only with this site's
 * Origin, so a cross-site form is refused before it gets this far.
 */
export function registerActions(app: FastifyInstance): void {
  app.decorate('actions', new ActionTable());
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  app.post<{ Params: { action: string } }>(`${FORM_ACTION_PREFIX}:action`, { schema: { hide: true } }, async (request, reply) => {
    const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const back = safeBack(fields.get(BACK_FIELD) ?? pathOfReferer(request));
    // The router's decoded `:action`, never the raw address.
    const served = app.actions.get(request.params.action);
    if (!served) return sendBack(request, reply, { kind: 'error', title: 'errors.NOT_FOUND' }, back);
    return answerForm(request, reply, served, fields, back);
  });
}

/** Sends the sender of a form to `location` (303) with `flash` to show there once. */
export function sendBack(request: FastifyRequest, reply: FastifyReply, flash: Flash | undefined, location: string): FastifyReply {
  if (flash) {
    reply.setCookie(FLASH_COOKIE, JSON.stringify(flash), {
      path: '/',
      maxAge: FLASH_SECONDS,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  }
  return reply.code(303).header('location', safeBack(location)).header('cache-control', 'no-store').send();
}

/**
 * The plain form of a served action: its fields read into the action's input (by its form reader,
 * else as they are; a non-text input field coerces), the same function called, and the sender sent
 * back with the outcome. A refusal keeps what was typed; a visitor is sent to log in and back.
 */
async function answerForm(request: FastifyRequest, reply: FastifyReply, served: Served, fields: FormFields, back: string): Promise<FastifyReply> {
  const { action, run, form, parse } = served;
  const refused = async (status: number, code: string, errors: Record<string, string>, retryAfter?: string) => {
    if (status === 401 && !action.authenticates) {
      // A visitor's action: they log in, then come back to where they were.
      return sendBack(request, reply, action.signedOut ?? { kind: 'error', title: 'content.loginRequired' }, `/login?next=${encodeURIComponent(back)}`);
    }
    const error: Flash = { kind: 'error', title: `errors.${code}`, ...(code === 'RATE_LIMITED' ? { params: { seconds: retryAfter ?? '60' } } : {}) };
    const flash = action.failTitle ? { ...error, title: action.failTitle, text: error.title } : error;
    const reply_ = await keepReply(request.server, request.ip, action.name, fields, errors);
    const typed = Object.fromEntries([...fields.keys()].map((name) => [name, fields.get(name) ?? '']));
    return sendBack(request, reply, { ...flash, ...(reply_ ? { reply: reply_ } : {}) }, action.failTo?.(typed, back) ?? back);
  };
  try {
    const parsed = parse(form ? form(fields, request) : Object.fromEntries(fields));
    if (!parsed.success) {
      const { body } = refusedFields(parsed.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
      return await refused(400, body.code, body.fields ?? {});
    }
    const input = parsed.data as Record<string, unknown>;
    const answer = await run(request, reply, input);
    return sendBack(request, reply, doneMessage(action, answer, input), action.to?.(answer, input, back) ?? back);
  } catch (error) {
    const { status, headers, body } = errorAnswer(error as Parameters<typeof errorAnswer>[0], request.log);
    return refused(status, body.code, body.fields ?? {}, headers['retry-after']);
  }
}

/** Keeps what a refused form's sender typed (never a password) with its fields' errors, for the next page; its id, or none. */
async function keepReply(app: FastifyInstance, ip: string, action: string, fields: FormFields, errors: Record<string, string>): Promise<string | undefined> {
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(fields.keys())) {
    if (name === BACK_FIELD || SECRET_FIELD.test(name)) continue;
    const all = fields.getAll(name);
    values[name] = all.length > 1 ? all : (all[0] ?? '');
  }
  if (Object.keys(values).length === 0 && Object.keys(errors).length === 0) return undefined;
  const id = randomBytes(18).toString('base64url');
  try {
    // Each kept reply is up to a form's 64 KB: a few dozen a sender, then refusals go back with their message only.
    await app.limiter.consume(`form-reply:ip:${ip}`, KEPT_REPLIES_PER_IP);
  } catch {
    return undefined;
  }
  try {
    await app.db
      .deleteFrom('form_replies')
      .where(sql<boolean>`created_at < now() - make_interval(mins => ${REPLY_MINUTES})`)
      .execute();
    await app.db
      .insertInto('form_replies')
      .values({ id, action, reply: JSON.stringify({ values, errors }) })
      .execute();
    return id;
  } catch (error) {
    // The refusal still goes back with its message; only the typed values are lost.
    app.log.warn({ err: error }, 'A refused form could not be kept');
    return undefined;
  }
}

/** The flash a page request carries, to show once (the cookie is cleared with the page), with its refused form taken. */
export async function takeFlash(request: FastifyRequest, reply: FastifyReply): Promise<Flash | undefined> {
  const value = request.cookies[FLASH_COOKIE];
  if (value === undefined) return undefined;
  reply.clearCookie(FLASH_COOKIE, { path: '/' });
  const flash = parseFlash(value);
  if (!flash?.reply || !FORM_REPLY_ID.test(flash.reply)) return flash ?? undefined;
  const { reply: id, ...shown } = flash;
  const kept = await request.server.db.deleteFrom('form_replies').where('id', '=', id).returning(['action', 'reply']).executeTakeFirst();
  if (!kept) return shown;
  const form: FormReply = { action: kept.action, values: kept.reply.values, errors: kept.reply.errors };
  return { ...shown, form };
}

export function pathOfReferer(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === request.headers.host ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** Every text field of a form, trimmed; an absent field is ''. */
export const field = (fields: FormFields, name: string) => (fields.get(name) ?? '').trim();
