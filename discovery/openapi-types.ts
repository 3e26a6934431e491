/**
 * The slice of OpenAPI 3.1 that the generators write. Schemas are JSON Schema
 * 2020-12 objects, kept loose because zod produces them.
 */
/** A JSON Schema 2020-12 object, as zod emits it. */
export type JsonSchema = Record<string, unknown>;

/** A media type object. */
export type MediaType = { schema: JsonSchema; encoding?: Record<string, { contentType: string }> };

/** A response object. */
export type Response = {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
};

/** A parameter object. */
export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
};

/** An operation object; x-p2m-scope names the API key scope it needs. */
export type OperationObject = {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, Response | { $ref: string }>;
  'x-p2m-scope'?: string;
};

/** A path item with the methods the API uses. */
export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'delete', OperationObject>>;

/** A whole document. */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license?: { name: string; identifier?: string; url?: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    parameters: Record<string, Parameter>;
    securitySchemes: Record<string, JsonSchema>;
  };
};
