/**
 * Collection format v1, which Postman no longer exports but still reads, and which old repositories (and
 * Newman's own examples) still hold: requests in one flat list, folders naming their requests and subfolders by
 * id in `order` and `folders_order`, headers as `Key: value` text, the body as `dataMode` with `rawModeData` or
 * `data`, scripts as text. This turns it into the v2 layout the importer reads; postmanShape.ts then checks
 * every value's kind as for any collection.
 */
type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/** A v1 collection: `requests` is a list and there is no v2 `item` list. */
export function isPostmanV1(value: Json): boolean {
  return Array.isArray(value.requests) && !Array.isArray(value.item);
}

function body(request: Json): Json | undefined {
  const data = Array.isArray(request.data) ? request.data : [];
  const entries = data.flatMap((entry) => {
    const field = record(entry);
    return field ? [{ ...field, ...(field.enabled === false ? { disabled: true } : {}) }] : [];
  });
  switch (request.dataMode) {
    case 'raw':
      return { mode: 'raw', raw: request.rawModeData ?? '' };
    case 'urlencoded':
      return { mode: 'urlencoded', urlencoded: entries };
    case 'params':
      return { mode: 'formdata', formdata: entries };
    case 'binary':
      return { mode: 'file' };
    default:
      return typeof request.rawModeData === 'string' && request.rawModeData !== ''
        ? { mode: 'raw', raw: request.rawModeData }
        : undefined;
  }
}

/** v1 headers are text, a line `// Key: value` being a disabled one. */
function headers(request: Json): unknown {
  if (Array.isArray(request.headerData)) return request.headerData;
  if (typeof request.headers !== 'string') return [];
  return request.headers.split(/\r?\n/).flatMap((line) => {
    const disabled = line.trim().startsWith('//');
    const text = disabled ? line.trim().slice(2) : line;
    const colon = text.indexOf(':');
    if (colon <= 0) return [];
    return [{ key: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim(), disabled }];
  });
}

/** The helper auth of a v1 request (`currentHelper: basicAuth` with `helperAttributes`). */
function auth(request: Json): Json | undefined {
  if (record(request.auth)) return request.auth as Json;
  const attributes = record(request.helperAttributes) ?? {};
  const values = (keys: string[]) => keys.map((key) => ({ key, value: attributes[key] ?? '' }));
  if (request.currentHelper === 'basicAuth')
    return { type: 'basic', basic: values(['username', 'password']) };
  if (request.currentHelper === 'bearerAuth') return { type: 'bearer', bearer: values(['token']) };
  if (typeof request.currentHelper === 'string' && request.currentHelper !== 'normal') {
    return { type: request.currentHelper, [request.currentHelper]: [] };
  }
  return undefined;
}

function script(listen: string, text: unknown): Json[] {
  return typeof text === 'string' && text.trim() !== ''
    ? [{ listen, script: { exec: text.split(/\r?\n/) } }]
    : [];
}

function item(request: Json): Json {
  const requestAuth = auth(request);
  const requestBody = body(request);
  return {
    name: request.name,
    request: {
      method: request.method,
      url: request.url,
      header: headers(request),
      ...(requestBody ? { body: requestBody } : {}),
      ...(requestAuth ? { auth: requestAuth } : {}),
    },
    event: [...script('prerequest', request.preRequestScript), ...script('test', request.tests)],
  };
}

/**
 * The v2 layout of a v1 collection. Requests and folders appear in their `order`; those no folder names (and
 * no order reaches) follow at the top, so nothing is lost.
 */
export function fromPostmanV1(collection: Json): Json {
  const requests = new Map<string, Json>();
  for (const entry of collection.requests as unknown[]) {
    const request = record(entry);
    if (request) requests.set(typeof request.id === 'string' ? request.id : `#${requests.size}`, request);
  }
  const folders = new Map<string, Json>();
  for (const entry of Array.isArray(collection.folders) ? collection.folders : []) {
    const folder = record(entry);
    if (folder && typeof folder.id === 'string') folders.set(folder.id, folder);
  }
  const used = new Set<string>();
  const nested = new Set(
    [...folders.values()].flatMap((folder) => ids(folder.folders_order ?? folder.folders)),
  );
  const folderItem = (folder: Json, depth: number): Json => ({
    name: folder.name,
    item:
      depth > 64 ? [] : children(ids(folder.folders_order ?? folder.folders), ids(folder.order), depth + 1),
  });
  const children = (folderIds: string[], requestIds: string[], depth: number): Json[] => [
    ...folderIds.flatMap((id) => {
      const folder = folders.get(id);
      if (!folder || used.has(id)) return [];
      used.add(id);
      return [folderItem(folder, depth)];
    }),
    ...requestIds.flatMap((id) => {
      const request = requests.get(id);
      if (!request || used.has(id)) return [];
      used.add(id);
      return [item(request)];
    }),
  ];
  const topFolders = ids(collection.folders_order);
  const items = children(
    topFolders.length > 0 ? topFolders : [...folders.keys()].filter((id) => !nested.has(id)),
    ids(collection.order),
    0,
  );
  for (const [id, request] of requests) if (!used.has(id)) items.push(item(request));
  return {
    info: { name: collection.name },
    item: items,
    ...(collection.variables !== undefined ? { variable: collection.variables } : {}),
    ...(collection.auth !== undefined ? { auth: collection.auth } : {}),
  };
}
