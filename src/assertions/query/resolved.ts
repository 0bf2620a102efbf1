/**
 * A path's value, or why it is missing. The message does not repeat the path (callers put it in front:
 * `body.emial: path not found; available fields: id, email, name`); `available` lists the fields at the deepest
 * level reached and `reached` names that level (`body.user`).
 */
export type Resolved =
  { found: true; value: unknown } | { found: false; message: string; available: string[]; reached?: string };

export function missing(message: string, available: string[] = [], reached?: string): Resolved {
  return reached === undefined
    ? { found: false, message, available }
    : { found: false, message, available, reached };
}
