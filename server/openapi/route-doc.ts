import { z } from "zod";
import { idParamSchema } from "@shared/schemas/fields";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call a route: anyone; any signed-in member, banned or not (`signedIn`); a member who is
 * not banned (`member`); one who is not silenced either (`writer`); a moderator or administrator
 * (`staff`); an administrator (`admin`). The guards of server/middlewares/guards.ts.
 */
export type Access = "public" | "signedIn" | "member" | "writer" | "staff" | "admin";

/** A successful answer: its schema, or none (204, 304, a file). */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** Another media type than JSON (a zip, a file); its body is not checked. */
  mediaType?: string;
}

/** Statuses a route answers for reasons of its own, beyond those every API route shares (common-errors.ts). */
export type OwnErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415;

/**
 * One route as the API reference describes it: server/openapi/<resource>.ts lists the routes of
 * server/routes/<resource>/, and the document, the /api/docs page and the tests' answer checks are
 * all made from these lists. `path` is written as Express registers it ("/api/topics/:id").
 */
export interface RouteDoc {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, with the schema the route parses it with. */
  body?: z.ZodType;
  /** A multipart form instead (uploads). */
  form?: z.ZodObject;
  answers: Partial<Record<200 | 201 | 204 | 304, Answer>>;
  /** Why it answers these, beyond the common reasons. */
  errors?: Partial<Record<OwnErrorStatus, string>>;
  /**
   * A sensitive change (server/middlewares/fresh-confirmation.ts): it answers 403
   * `ConfirmRequiredError` without a fresh confirmation; `true` always, or a sentence saying when.
   */
  confirmation?: true | string;
  /** Mounted ahead of the API's shared middleware (health): it answers only its own statuses. */
  standalone?: boolean;
}

/** Path parameters, for the document (the routes parse them themselves: a malformed id is a 404). */
export const idParams = z.object({ id: idParamSchema });
export const usernameParams = z.object({ username: z.string().meta({ description: "A member's username" }) });
