/** The headers of one request as they go on the wire, and what the transports need to know of them. */
export interface WireHeaders {
  /** By name as the step wrote it, defaults added (HTTP/2 and Node's object form read these). */
  fields: Record<string, string | string[]>;
  /**
   * The same headers as `name, value, name, value, ...` (Node's `rawHeaders` form, which `http.request`
   * writes as given, skipping the object form's bookkeeping); absent where the two forms would differ: two
   * names that differ only by case (the object form keeps one), or a `content-disposition` (the object
   * form re-encodes it once the body's length is known).
   */
  lines: string[] | undefined;
  /** The request carries `Expect` (see http1Exchange). */
  expect: boolean;
}

/** What the client adds when the step did not set it (by lower-case name), in this order. */
export interface HeaderDefaults {
  userAgent: string;
  /** Undefined when the client does not ask for compression. */
  acceptEncoding: string | undefined;
  host: string;
  /** Its length on the wire goes out as `content-length` unless the step chose its own framing. */
  body: string | Uint8Array | undefined;
}

/**
 * The length of a request body on the wire (a string goes out as UTF-8). A string body is handed to Node as
 * it is: Node then writes the head and the body in one piece, where a buffer takes a second write.
 */
function bodyLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/** Every character below 0x80 (a header value has no control characters left by now). */
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * DECISIONS, Platform: header values go on the wire as their UTF-8 bytes, as curl sends them. Node writes
 * header text as Latin-1 (one byte per character), so a value is handed over as the string whose characters
 * are its UTF-8 bytes. ASCII values, nearly all of them, are passed through untouched.
 */
function toWire(value: string): string {
  return isAscii(value) ? value : Buffer.from(value, 'utf8').toString('latin1');
}

function add({ fields, lines }: WireHeaders, name: string, value: string): void {
  fields[name] = value;
  lines?.push(name, value);
}

/**
 * The request's headers with the client's defaults, read in one pass: each name is lower-cased once, not
 * once per header the client looks for (this runs for every request).
 */
export function wireHeaders(
  headers: Readonly<Record<string, string | readonly string[]>>,
  defaults: HeaderDefaults,
): WireHeaders {
  const fields: Record<string, string | string[]> = {};
  let lines: string[] | undefined = [];
  const seen: string[] = [];
  let userAgent = false;
  let acceptEncoding = false;
  let host = false;
  let framed = false;
  let expect = false;
  for (const name of Object.keys(headers)) {
    const value = headers[name]!;
    const lower = name.toLowerCase();
    if (lines !== undefined && (lower === 'content-disposition' || seen.includes(lower))) lines = undefined;
    seen.push(lower);
    if (lower === 'user-agent') userAgent = true;
    else if (lower === 'accept-encoding') acceptEncoding = true;
    else if (lower === 'host') host = true;
    else if (lower === 'content-length' || lower === 'transfer-encoding') framed = true;
    else if (lower === 'expect') expect = true;
    if (typeof value === 'string') {
      const wire = toWire(value);
      fields[name] = wire;
      lines?.push(name, wire);
    } else {
      const wire = value.map(toWire);
      fields[name] = wire;
      // Node's object form writes a list as one line per item, except two or more cookies: one line
      // joined by `; ` (RFC 6265 allows a single Cookie line).
      if (lower === 'cookie' && wire.length > 1) lines?.push(name, wire.join('; '));
      else for (const item of wire) lines?.push(name, item);
    }
  }
  const out: WireHeaders = { fields, lines, expect };
  if (!userAgent) add(out, 'user-agent', defaults.userAgent);
  // DECISIONS, `http.compressed`: a step's own accept-encoding wins; whatever was asked for is decoded.
  if (!acceptEncoding && defaults.acceptEncoding !== undefined)
    add(out, 'accept-encoding', defaults.acceptEncoding);
  if (!host) add(out, 'host', defaults.host);
  // A declared length, as curl sends it, rather than chunks (unless the step chose its own framing).
  if (!framed && defaults.body !== undefined) add(out, 'content-length', String(bodyLength(defaults.body)));
  return out;
}
