import type { RouteId } from '#shared/routes';

/**
 * Request and response examples of the API description, by route id: every POST route and the
 * main reads. They were recorded from the local service on its demo data (`npm start`), lists cut
 * to one or two items, hosts and secrets replaced; test/unit/shared/openapi/examples.test.ts checks each
 * against the route's schemas (the contract's zod schema and the document's JSON Schema), so an
 * example can never drift from what the service accepts and answers.
 */
export interface ExampleObject {
  readonly summary: string;
  readonly value: unknown;
}

export interface OperationExamples {
  /** Request bodies, by example name. */
  readonly request?: Readonly<Record<string, ExampleObject>>;
  /** Response bodies by status, then by example name. */
  readonly responses: Readonly<Record<string, Readonly<Record<string, ExampleObject>>>>;
}

export type OperationExamplesById = { readonly [Id in RouteId]?: OperationExamples };
