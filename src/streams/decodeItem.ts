import { decodeJsonText } from '../diagnostics/jsonText.js';

/**
 * DECISIONS, "Finer points (wave 3)": a message or event whose whole text is valid JSON (any JSON value) is
 * parsed; other text stays text. Text nested too deep to walk, and integers JSON would round, stay text, as
 * in a response body and a cached value.
 */
export function decodeItemText(text: string): unknown {
  return decodeJsonText(text);
}

/** A binary WebSocket frame as paths read it: `messages[0].binary` is true, `messages[0].data` base64. */
export function decodeBinaryItem(bytes: Uint8Array): { data: string; binary: true } {
  return {
    data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    binary: true,
  };
}
