import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BODIES_ELEMENT, LazyBodies, StepBody, type HtmlPart } from '../html/index.js';

const CHUNK = 64 * 1024;

/**
 * The HTML report's text for a file, from the renderer's parts (htmlReportParts): page markup as it comes,
 * and the closed steps' bodies gathered in a scratch file beside the report, then poured into their element
 * near the end of the page. So the page is never one string, nor are its bodies (issue 14, flat memory).
 */
export async function* htmlReportText(parts: Iterable<HtmlPart>, dir: string): AsyncGenerator<string> {
  const scratch = join(dir, `.report.html.bodies-${randomBytes(6).toString('hex')}`);
  const bodies = await open(scratch, 'wx');
  try {
    let pending: string[] = [];
    let pendingSize = 0;
    let count = 0;
    const flushBodies = async () => {
      if (pending.length === 0) return;
      await bodies.write(pending.join(''));
      pending = [];
      pendingSize = 0;
    };
    let page: string[] = [];
    let pageSize = 0;
    for (const part of parts) {
      if (part instanceof StepBody) {
        const text = (count++ === 0 ? '' : LazyBodies.SEPARATOR) + LazyBodies.checked(part.html);
        pending.push(text);
        pendingSize += text.length;
        if (pendingSize >= CHUNK) await flushBodies();
      } else if (part === BODIES_ELEMENT) {
        await flushBodies();
        await bodies.close();
        page.push(LazyBodies.OPEN);
        yield page.join('');
        page = [];
        pageSize = 0;
        for await (const chunk of createReadStream(scratch, { encoding: 'utf8', highWaterMark: CHUNK }))
          yield chunk as string;
        page.push(LazyBodies.CLOSE);
      } else {
        page.push(part);
        pageSize += part.length;
        if (pageSize >= CHUNK) {
          yield page.join('');
          page = [];
          pageSize = 0;
        }
      }
    }
    if (page.length > 0) yield page.join('');
  } finally {
    await bodies.close().catch(() => undefined);
    await rm(scratch, { force: true });
  }
}
