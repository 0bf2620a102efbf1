/**
 * The Postman Collection format (v2.0 and v2.1), typed by the maintained `@types/postman-collection`
 * definitions, with the JSON spellings those SDK types name differently (`event` on items) and v2.0's auth
 * as an object of values rather than a list of `{ key, value }`.
 */
import type {
  CollectionDefinition,
  EventDefinition,
  ItemDefinition,
  ItemGroupDefinition,
  RequestAuthDefinition,
  RequestDefinition,
} from 'postman-collection';

export type PostmanRequest = RequestDefinition;
export type PostmanAuth = RequestAuthDefinition;
export type PostmanEvent = EventDefinition;

export type PostmanItem = (ItemDefinition | ItemGroupDefinition) & {
  name?: string;
  event?: PostmanEvent[];
  request?: PostmanRequest | string;
  item?: PostmanItem[];
  auth?: PostmanAuth;
};

export type PostmanCollection = CollectionDefinition & { item?: PostmanItem[] };

/**
 * An environment exported from Postman: `{ name, values: [{ key, value, enabled, type }] }`; `type: secret`
 * marks a value Postman masks.
 */
export interface PostmanEnvironment {
  name?: string;
  values?: { key?: string; value?: unknown; enabled?: boolean; type?: string }[];
}

export function isFolder(item: PostmanItem): boolean {
  return Array.isArray(item.item);
}

/** A header, query, urlencoded or form-data entry; `src` is a form-data file part's path. */
export interface KeyValue {
  key?: string | null;
  value?: unknown;
  disabled?: boolean;
  type?: string;
  src?: unknown;
}
