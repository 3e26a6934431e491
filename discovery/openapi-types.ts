/**
 * The slice of OpenAPI 3.1 that the generators write. Schemas are JSON Schema
 * 2020-12 objects, kept loose because zod produces them.
 */
export type JsonSchema = Record<string, unknown>;

export type MediaType = { schema: JsonSchema; encoding?: Record<string, { contentType: string }> };

export type Response = {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
};

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

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'delete', OperationObject>>;

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
