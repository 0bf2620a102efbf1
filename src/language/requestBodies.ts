/**
 * How the request forms of the language become what is sent (DECISIONS, Wave 2 "Language additions"), shared
 * by the engine (src/engine/compileRequest.ts) and `convert --to curl`, so both send the same bytes.
 */
import type { TextOrList } from './model.js';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** `form` fields in the order written, urlencoded as browsers send a form (space as `+`). */
export function encodeForm(fields: readonly (readonly [string, string])[]): string {
  return new URLSearchParams(fields.map(([name, value]): [string, string] => [name, value])).toString();
}

/** Header or query values as name/value pairs: a list repeats its name once per value, in order. */
export function expandLists(values: Readonly<Record<string, TextOrList>>): [string, string][] {
  return Object.entries(values).flatMap(([name, value]): [string, string][] =>
    Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, value]],
  );
}

/** The JSON body of a `graphql` request; `variables` and `operationName` only when given. */
export function graphqlPayload(query: string, variables: unknown, operationName: string | undefined): object {
  return {
    query,
    ...(variables === undefined ? {} : { variables }),
    ...(operationName === undefined ? {} : { operationName }),
  };
}
