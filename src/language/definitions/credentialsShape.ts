/** `.runner/credentials/<env>.yaml` (DECISIONS, "Workspace"): `<account>: { <field>: value }`, all secrets. */
import { mapOf, string, type ShapeDocument } from '../shape.js';

export const CREDENTIALS_SHAPE: ShapeDocument = {
  title: 'credentials',
  description: 'Accounts and keys, reachable as `$accounts.<account>.<field>` and masked in all output.',
  root: mapOf(mapOf(string({ acceptScalars: true, description: 'A secret value.' })), {
    name: 'credentials file',
  }),
  defs: {},
  redactValues: true,
  envReferences: true,
};
