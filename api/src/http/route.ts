import type { ServiceContext, TenantScope } from '@portico/core';
import type { Request, Response } from 'express';
import type { Action } from '../policies';
import type { z } from 'zod';
import type { Session, Workspace } from './request';

/*
 * One declaration per route: method, path, guard, request and response schemas, summary and what
 * it refuses, beside its handler. `mountRoutes` turns a group of declarations into an Express
 * router that applies the group's guard and validates the request; `api/src/openapi.ts` turns the
 * same declarations into the OpenAPI document. So a route cannot be served undocumented, or
 * documented other than it is checked.
 */

/**
 * Who may call a route, applied by the group that declares it:
 * - `public`: anyone;
 * - `session`: a signed-in person (bearer access token);
 * - `platform`: a signed-in platform super admin;
 * - `workspace`: a member of the workspace in `x-tenant-id` (super admins: any workspace);
 * - `apiKey`: an API key of a workspace (the public API, under `/v1`).
 * A route of a `workspace` or `apiKey` group that sends a file may also be opened through a
 * signed link instead (`signedLink: true`): `<a>` and `<img>` cannot send a bearer token.
 */
export type Guard = 'public' | 'session' | 'platform' | 'workspace' | 'apiKey';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** What an operation's own code refuses, by status: one or more sentences each. */
export type Refusals = Partial<Record<ErrorStatus, string>>;

/** A JSON answer, checked against its schema in tests. */
export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  description: string;
  schema: S;
}

/** A body the handler streams itself (a stored file, a CSV, a zip). */
export interface StreamAnswer {
  description: string;
  mediaType: string;
}

/** An answer without a body (204). */
export interface EmptyAnswer {
  description: string;
}

export type AnswerSpec = JsonAnswer | StreamAnswer | EmptyAnswer;

type ObjectSchema = z.ZodObject;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the handler returns: the JSON body of its JSON answer, or nothing when it answers without one or streams. */
export type AnswerOf<R> = { [K in keyof R]: R[K] extends JsonAnswer<infer S> ? z.input<S> : void }[keyof R];

interface BaseCall<P, Q, B> {
  /** The process's context; with `transaction` when the route declares `transaction: true`. */
  ctx: ServiceContext;
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
}

export interface SessionCall<P = unknown, Q = unknown, B = unknown> extends BaseCall<P, Q, B> {
  session: Session;
}

export interface WorkspaceCall<P = unknown, Q = unknown, B = unknown> extends SessionCall<P, Q, B> {
  workspace: Workspace;
  scope: TenantScope;
}

export interface ApiKeyCall<P = unknown, Q = unknown, B = unknown> extends BaseCall<P, Q, B> {
  scope: TenantScope;
}

/** The call a handler receives, by its group's guard. */
export type CallOf<G extends Guard, P = unknown, Q = unknown, B = unknown> = G extends 'public'
  ? BaseCall<P, Q, B>
  : G extends 'session' | 'platform'
    ? SessionCall<P, Q, B>
    : G extends 'workspace'
      ? WorkspaceCall<P, Q, B>
      : ApiKeyCall<P, Q, B>;

export interface RouteSpec<
  G extends Guard,
  P extends ObjectSchema | undefined,
  Q extends ObjectSchema | undefined,
  B extends z.ZodType | undefined,
  R extends Record<number, AnswerSpec>,
> {
  method: Method;
  /** Express path, `:id` for parameters; documented as `{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Path parameters; one that does not parse is 404 with its sentence (a path that names nothing). */
  params?: P;
  query?: Q;
  /** A JSON body. */
  body?: B;
  /** The call also does its work without a body (a missing body is read as `{}`). */
  bodyOptional?: true;
  /** A multipart/form-data body, documented here and streamed by the handler (`receiveUpload`). */
  multipart?: ObjectSchema;
  /** Also opened through a signed link to the file in `{id}` (see `api/src/http/file-links.ts`). */
  signedLink?: true;
  /**
   * Runs the handler in one transaction, handed to the services it calls through `call.ctx`; the
   * route owns it, so a deadlock or serialization failure runs the whole handler again (`inTransaction`).
   */
  transaction?: true;
  /**
   * The call only ends the session it is made with (a `session` route): it is answered from any
   * address, even where the console's IP allowlist refuses the session everything else.
   */
  endsSession?: true;
  /**
   * A non-GET call a read-only workspace still takes (`workspace` and `apiKey` groups): what an admin
   * needs to pay (Checkout) or anyone to read (a signed download link). Every other write there is
   * refused with 402 while its billing makes it read-only (`billing/billing-dunning.ts`).
   */
  whileReadOnly?: true;
  /**
   * Who in the workspace may call it (`workspace` and `apiKey` groups): a policy action, or a check of
   * the scope. It runs before the request is parsed, so a caller who may not is told so whatever
   * they sent. Rules about one object (the uploader may delete) stay in the handler.
   */
  authorize?: Action | ((scope: TenantScope) => void);
  /** The success answers, by status. */
  responses: R;
  refusals?: Refusals;
  handle(call: CallOf<G, Parsed<P>, Parsed<Q>, Parsed<B>>): Promise<AnswerOf<R>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a group holds routes of every shape
export type AnyRoute<G extends Guard = Guard> = RouteSpec<G, any, any, any, any>;

export interface Tag {
  name: string;
  description: string;
}

export interface RouteGroup<G extends Guard = Guard> {
  guard: G;
  tag: Tag;
  routes: AnyRoute<G>[];
}

type RouteFactory<G extends Guard> = <
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends Record<number, AnswerSpec> = Record<number, AnswerSpec>,
>(
  spec: RouteSpec<G, P, Q, B, R>,
) => AnyRoute<G>;

/**
 * Declares the routes of one area, all behind one guard and under one tag of the document:
 * `defineRoutes('workspace', { name: 'Embeds', description: '…' }, (route) => [route({ … }), …])`.
 */
export function defineRoutes<G extends Guard>(
  guard: G,
  tag: Tag,
  declare: (route: RouteFactory<G>) => AnyRoute<G>[],
): RouteGroup<G> {
  return { guard, tag, routes: declare((spec) => spec as AnyRoute<G>) };
}

/** The success status a handler's returned body is sent with: the first declared. */
export function successStatus(route: AnyRoute): number {
  return Number(Object.keys(route.responses)[0]);
}

/** Whether a route of this guard is refused while its workspace is read-only: every write acting in a workspace. */
export function refusedWhileReadOnly(guard: Guard, route: AnyRoute): boolean {
  return (guard === 'workspace' || guard === 'apiKey') && route.method !== 'get' && !route.whileReadOnly;
}

export const READ_ONLY_REFUSAL: Refusals = {
  402: 'The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page.',
};

export function isJsonAnswer(answer: AnswerSpec): answer is JsonAnswer {
  return 'schema' in answer;
}

export function isStreamAnswer(answer: AnswerSpec): answer is StreamAnswer {
  return 'mediaType' in answer;
}
