/** How a step is named in an editor: its `name`, else `METHOD url` for a request, else its kind. */
import { STREAM_KINDS, stepKind, stringOf, toPlain, valueOf, type YamlMap } from '../language/index.js';

export function stepLabel(step: YamlMap): string {
  const name = valueOf(step, 'name');
  if (name?.kind === 'scalar' && name.value !== null) return String(name.value);
  const kind = stepKind(step);
  if (kind === 'request') {
    const request = valueOf(step, 'request');
    const method = stringOf(valueOf(request, 'method')) ?? '';
    const url = valueOf(request, 'url');
    return `${method} ${url ? String(toPlain(url)) : ''}`.trim() || 'request';
  }
  // Stream steps read as runner labels them: `websocket ws://host/chat`.
  if (kind !== undefined && (STREAM_KINDS as readonly string[]).includes(kind)) {
    const url = valueOf(valueOf(step, kind), 'url');
    return `${kind} ${url ? String(toPlain(url)) : ''}`.trim();
  }
  if (kind === 'use') return `use ${stringOf(valueOf(step, 'use')) ?? ''}`.trim();
  return kind ?? 'step';
}
