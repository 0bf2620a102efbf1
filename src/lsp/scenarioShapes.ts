/**
 * The scenario language's shape (the one definition behind `validate` and `runner schema`) looked up by a
 * path of keys and list items: what may be written at the cursor, and what each key means.
 */
import { SCENARIO_SHAPE, type ObjectShape, type Role, type Shape } from '../language/index.js';
import { ITEM, type PathSegment } from './cursorContext.js';

/** Follows `ref`s; the shapes a value may take (a union gives several). */
function alternatives(shape: Shape | undefined): Shape[] {
  if (!shape) return [];
  if (shape.type === 'ref') return alternatives(SCENARIO_SHAPE.defs[shape.name]);
  if (shape.type === 'union') return shape.options.flatMap(alternatives);
  return [shape];
}

/** Every shape the value at `path` may take, from the scenario's root. */
export function shapesAt(path: readonly PathSegment[]): Shape[] {
  let shapes: Shape[] = [SCENARIO_SHAPE.root];
  for (const segment of path) {
    shapes = shapes.flatMap((shape) => alternatives(child(shape, segment)));
    if (shapes.length === 0) return [];
  }
  return shapes.flatMap(alternatives);
}

function child(shape: Shape, segment: PathSegment): Shape | undefined {
  if (segment === ITEM) return shape.type === 'array' ? shape.items : undefined;
  if (shape.type !== 'object') return undefined;
  return Object.hasOwn(shape.properties, segment) ? shape.properties[segment]?.shape : shape.additional;
}

export function objectShapes(shapes: readonly Shape[]): ObjectShape[] {
  return shapes.filter((shape): shape is ObjectShape => shape.type === 'object');
}

/** The description of key `key` in the map at `path`, as `runner schema` writes it. */
export function keyDescription(path: readonly PathSegment[], key: string): string | undefined {
  for (const shape of objectShapes(shapesAt(path))) {
    const property = Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined;
    if (property) return property.description;
  }
  return undefined;
}

/** The roles (what a value means: a condition, a matcher, a service name...) the value at `path` may have. */
export function rolesAt(path: readonly PathSegment[]): Set<Role> {
  const roles = new Set<Role>();
  for (const shape of shapesAt(path)) if (shape.role) roles.add(shape.role);
  return roles;
}

/** Fixed words the value at `path` may be: enums, and `true`/`false` for booleans. */
export function fixedValues(path: readonly PathSegment[]): string[] {
  const values = shapesAt(path).flatMap((shape) => {
    if (shape.type === 'boolean') return ['true', 'false'];
    return shape.type === 'string' && shape.enum ? [...shape.enum] : [];
  });
  return [...new Set(values)];
}
