/**
 * What parseScenario cannot look up itself, because it does no I/O: the workspace layer fills this in.
 * Every field is optional; a check whose input is missing is skipped.
 */
export interface UseTarget {
  /** Absolute path of the target file. */
  path: string;
  /** The path as messages show it (relative to the cwd); `path` when absent. */
  display?: string;
  exists: boolean;
  /** The target lies outside the project root (as written, or through a symbolic link): it is refused. */
  outside?: boolean;
  /** Variables the target (and what it uses) defines, which the parent sees after the step; unknown when absent. */
  defines?: readonly string[];
}

export interface ScenarioContext {
  /** Schema names under `schemas.path`, without extension (`users/list`). */
  schemas?: ReadonlySet<string>;
  /** Service names of the environment. */
  services?: ReadonlySet<string>;
  /** Cache connection names of the environment. */
  cacheConnections?: ReadonlySet<string>;
  /** The credentials file's accounts and their field names (never values), for `$accounts` references. */
  accounts?: ReadonlyMap<string, readonly string[]>;
  /** Names of the environment's `variables:`, available to every scenario. */
  environmentVariables?: ReadonlySet<string>;
  /** Resolves a `use` target written in `fromFile` (relative to that file's directory). */
  resolveUse?: (target: string, fromFile: string) => UseTarget;
  /** The file is the target of another file's `use`: it may read its parent's variables, so skip that check. */
  isUseTarget?: boolean;
}
