/**
 * The OpenAPI 3.1 document of /api/*, generated from the operations table (operations.ts) and the zod schemas it
 * names: JSON Schema 2020-12 (OpenAPI 3.1's own dialect) from zod's toJSONSchema, request bodies and parameters
 * as the schemas accept them ("input"), answers as the procedures produce them ("output"). The webhook events
 * are described too (OpenAPI 3.1 `webhooks`), from their data schemas in packages/validators.
 */
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  WEBHOOK_EVENTS,
  type WebhookEventType,
  ZRestError,
} from "@studio/validators";
import { scopeOf } from "@studio/api";
import { z } from "zod";
import { OPERATIONS, type Operation } from "./operations";

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, without the `$schema` line (the document declares its dialect). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Json;
  return rest;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input: `message` says what, `errors` names each field",
  401: "No valid admin token or API key",
  403: "Not allowed (an API key without the scope, a call no key may make, or not the owner)",
  404: "No such record (or path)",
  409: "A conflict with the current state (a taken slot, a refused status change)",
  413: "The body is too large",
  415: "The body is not JSON (or the file type is not accepted)",
  429: "Too many requests: wait the seconds of `Retry-After`",
  503: "A storage or database outage: try again later",
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };

const DESCRIPTION = `The REST API of the studio's site: every call of the specification's section 7, and a few more. It is a thin
layer over the same procedures the site uses, so every rule, message and limit is the same. The prose, with the
conventions and limits, is in \`docs/rest-api.md\`; this document is generated from the schemas that validate each
call.

**Answers** are \`{ "success": true, "data": … }\` (plus \`message\` where a write says what it did); refusals are
\`{ "success": false, "message": "…", "errors": { "field": "message" } }\` with a truthful status. File URLs are
absolute.

**Authentication**: \`Authorization: Bearer <token>\`, where the token is an admin's (from \`POST /api/auth/login\`,
valid 12 hours) or an **API key** (\`sk_…\`, made by the studio owner on the back office's API page). A key works on
\`/api/*\` only, for the calls its scopes allow (each admin call below names its scope), never for accounts, and is
limited to its requests a minute (429 with \`Retry-After\`). Writes made with a key are in the Activity trail under
its name.

| scope | allows |
| --- | --- |
${API_KEY_SCOPES.map((scope) => `| \`${scope}\` | ${API_KEY_SCOPE_LABELS[scope].description} |`).join("\n")}

**Webhooks** (below): the owner adds endpoints on the API page. Each event is a POST following the Standard
Webhooks specification, with the headers \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\`; verify them
with the endpoint's signing secret (\`whsec_…\`), for example \`new Webhook(secret).verify(body, headers)\` from the
\`standardwebhooks\` package. Answer 2xx within 15 seconds; anything else is retried for 24 hours.`;

function parameters(op: Operation): Json[] {
  const list: Json[] = [];
  for (const [name, p] of Object.entries(op.params ?? {}))
    list.push({
      name,
      in: "path",
      required: true,
      description: p.description,
      schema: jsonSchemaOf(p.schema, "input"),
    });
  for (const [name, p] of Object.entries(op.query ?? {}))
    list.push({
      name,
      in: "query",
      required: false,
      description: p.description,
      schema: jsonSchemaOf(p.schema, "input"),
    });
  for (const [name, p] of Object.entries(op.headers ?? {}))
    list.push({
      name,
      in: "header",
      required: false,
      description: p.description,
      schema: jsonSchemaOf(p.schema, "input"),
    });
  return list;
}

function requestBody(op: Operation): Json | undefined {
  if (!op.body) return undefined;
  if ("multipart" in op.body)
    return {
      required: true,
      description: op.body.multipart,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              image: {
                type: "string",
                contentMediaType: "application/octet-stream",
                description: "The file",
              },
            },
            required: ["image"],
          },
        },
      },
    };
  return {
    required: true,
    content: {
      "application/json": {
        schema: jsonSchemaOf(op.body.schema, "input"),
        ...(op.body.example !== undefined ? { example: op.body.example } : {}),
      },
    },
  };
}

function responses(op: Operation): Json {
  const out: Json = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const type = answer.contentType ?? "application/json";
    out[status] = {
      description: answer.description,
      content: {
        [type]: answer.schema
          ? {
              schema: jsonSchemaOf(answer.schema, "output"),
              ...(answer.example !== undefined ? { example: answer.example } : {}),
            }
          : { schema: { type: "string" } },
      },
    };
  }
  for (const status of op.errors) {
    out[String(status)] = {
      description: STATUS_TEXT[status] ?? "Refused",
      content: { "application/json": { schema: ERROR_REF } },
      ...(status === 429
        ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } }
        : {}),
    };
  }
  return out;
}

function operationObject(op: Operation): Json {
  const scope = op.procedure ? scopeOf(op.procedure) : null;
  const auth =
    op.access === "public"
      ? "Public."
      : op.access === "optional"
        ? "Public; more with a token."
        : "Admin token or API key.";
  const scopeLine = scope
    ? ` API key scope: \`${scope}\`.`
    : op.access === "admin"
      ? " Admin tokens only."
      : "";
  const operation: Json = {
    operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description ? `${op.description} ` : ""}${auth}${scopeLine}`,
    security:
      op.access === "public" ? [] : op.access === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    parameters: parameters(op),
    responses: responses(op),
  };
  if (scope) operation["x-api-key-scope"] = scope;
  const body = requestBody(op);
  if (body) operation.requestBody = body;
  return operation;
}

const SIGNATURE_HEADERS = [
  { name: "webhook-id", description: "The message id (`msg_…`), the same on every retry: deduplicate on it" },
  { name: "webhook-timestamp", description: "Seconds since the Unix epoch when this attempt was signed" },
  { name: "webhook-signature", description: "`v1,<base64 HMAC-SHA256 of id.timestamp.body>`" },
].map((h) => ({ ...h, in: "header", required: true, schema: { type: "string" } }));

function webhooks(): Json {
  const out: Json = {};
  for (const [type, event] of Object.entries(WEBHOOK_EVENTS) as [
    WebhookEventType,
    (typeof WEBHOOK_EVENTS)[WebhookEventType],
  ][]) {
    out[type] = {
      post: {
        summary: event.label,
        description: event.description,
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  type: { const: type },
                  timestamp: { type: "string", description: "When the event happened (ISO 8601)" },
                  data: jsonSchemaOf(event.data, "output"),
                },
                required: ["type", "timestamp", "data"],
              },
            },
          },
        },
        responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else is retried" } },
      },
    };
  }
  return out;
}

/** The /api path of a Hono route pattern: /api/bookings/:id → /api/bookings/{id}. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, "{$1}");
}

let built: Json | null = null;

export function openApiDocument(): Json {
  if (built) return built;
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op);
  }
  built = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Studio API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "This server" }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhooks(),
    components: {
      schemas: { Error: jsonSchemaOf(ZRestError, "output") },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "An admin token (POST /api/auth/login) or an API key (`sk_…`) from the back office's API page.",
        },
      },
    },
  };
  return built;
}
