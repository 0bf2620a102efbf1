/**
 * A `Content-Length` header in a command (browsers' "Copy as cURL" carries one): curl sends it as given,
 * runner's HTTP client always sends the length of the body it sends. When the header states the length of
 * the body curl sends, it says nothing more, so it is left out with a note (issue 22). When it does not,
 * curl's request is broken (the server reads a different body than the command holds), which runner cannot
 * send: refused, naming both numbers.
 */
import { refuseOption } from './curlOptions.js';
import { addComment, findHeader, type ConversionNotes, type DraftText } from './draftRequest.js';

/** `curlLength`: the bytes of the body curl sends; undefined for `-F`, which curl frames itself. */
export function settleContentLength(
  headers: [string, DraftText][],
  curlLength: number | undefined,
  notes: ConversionNotes,
): void {
  const at = findHeader(headers, 'content-length');
  const header = headers[at];
  if (header === undefined) return;
  const [name, value] = header;
  const stated = typeof value === 'string' ? value.trim() : '';
  const spelled = `-H '${name}: ${/^\d{1,15}$/.test(stated) ? stated : '...'}'`;
  if (findHeader(headers.slice(at + 1), 'content-length') >= 0) {
    throw refuseOption(spelled, 'the header is given twice, and runner sends one length');
  }
  if (curlLength === undefined) {
    throw refuseOption(
      spelled,
      'curl frames a `-F` form with its own boundary, so the length it states is not the length of the form runner sends; remove the header',
    );
  }
  if (!/^\d{1,15}$/.test(stated) || Number(stated) !== curlLength) {
    throw refuseOption(
      spelled,
      `the body curl sends is ${curlLength} bytes: curl sends the header as given and the server reads another body than the command holds, while runner always sends the body's real length`,
    );
  }
  headers.splice(at, 1);
  addComment(
    notes,
    curlLength > 0
      ? `curl ${spelled}: the length of the body, which runner's HTTP client writes itself`
      : `curl ${spelled}: no body, which runner's HTTP client says itself (\`content-length: 0\` on POST, PUT and PATCH; nothing on other methods, which means the same)`,
  );
}
