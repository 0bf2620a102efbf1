import { createHash } from 'node:crypto';
import type { TestRequest, TestResponse } from './testServer.js';

/**
 * A fixture API for the response-path tests: the responses that the examples of Hurl's "Asserting response"
 * and "Capturing response" pages describe (facts of those examples, served locally), plus an echo route.
 */

const CATS = {
  cats: Array.from({ length: 49 }, (_, i) => ({ name: i === 0 ? 'Felix' : `Cat ${i}`, lives: 9 })),
};

const SLIDESHOW = {
  slideshow: {
    author: 'Yours Truly',
    date: 'date of publication',
    slides: [
      { title: 'Wake up to WonderWidgets!', type: 'all' },
      { items: ['Why WonderWidgets are great', 'Who buys WonderWidgets'], title: 'Overview', type: 'all' },
    ],
    title: 'Sample Slide Show',
  },
};
// The second slide of the page's example is titled "Mind Blowing!" in the `[*]` assert.
SLIDESHOW.slideshow.slides[1]!.title = 'Mind Blowing!';

const CAPTURES_JSON = {
  a_null: null,
  an_object: { id: '123' },
  a_list: [1, 2, 3],
  an_integer: 1,
  a_float: 1.1,
  a_bool: true,
  a_string: 'hello',
};

export const HOME_HTML = `<!doctype html>
<html>
  <head>
    <title>Example Domain</title>
    <meta name="_csrf_token" content="  7d1e4f  ">
  </head>
  <body>
    <div>
      <h1>Welcome to Example</h1>
      <p>This domain is for use in illustrative examples in documents.</p>
      <p><a href="https://www.iana.org/domains/example">More information...</a></p>
      <div id="pet0">  5646eaf23 </div>
      <article id="electric-cars" data-visible="true" data-id="electric-1"></article>
      ${Array.from({ length: 13 }, (_, i) => `<h2>Section ${i + 1}</h2>`).join('\n      ')}
    </div>
  </body>
</html>
`;

export const BOOK_XML = `<?xml version="1.0"?>
<!-- both namespace prefixes are available throughout -->
<bk:book xmlns:bk='urn:loc.gov:books'
         xmlns:isbn='urn:ISBN:0-395-36341-6'>
    <bk:title>Cheaper by the Dozen</bk:title>
    <isbn:number>1568491379</isbn:number>
</bk:book>
`;

export const PETS_XML = `<?xml version="1.0"?>\n<animals>${'<pets>cat</pets>'.repeat(200)}</animals>\n`;

/** 120 bytes, so `size` has a fixed value to check. */
export const DATA_BIN = Buffer.from(Array.from({ length: 120 }, (_, i) => (i * 7) % 256));
export const DATA_SHA256 = createHash('sha256').update(DATA_BIN).digest('hex');
export const DATA_MD5 = createHash('md5').update(DATA_BIN).digest('hex');

function send(response: TestResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

const json = (response: TestResponse, value: unknown) =>
  send(response, 200, 'application/json; charset=utf-8', JSON.stringify(value));

export function responsePathsApp(request: TestRequest, response: TestResponse): void {
  const url = new URL(request.url ?? '/', 'http://fixture');
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    switch (url.pathname) {
      case '/cats':
        return json(response, CATS);
      case '/json':
        return json(response, SLIDESHOW);
      case '/captures-json':
        return json(response, CAPTURES_JSON);
      case '/hello':
        return json(response, { date: '2018-12-31', name: 'Hello Bob!' });
      case '/date':
        return send(response, 200, 'text/plain', '2018-12-31');
      case '/helloworld':
        return send(response, 200, 'text/plain', 'id_a:123 id_b:456 id_c:789\nHello World');
      case '/home':
        response.setHeader('last-modified', 'Wed, 21 Oct 2015 07:28:00 GMT');
        return send(response, 200, 'text/html; charset=UTF-8', HOME_HTML);
      case '/assert-xpath':
        return send(response, 200, 'application/xml', BOOK_XML);
      case '/api/pets':
        return send(response, 200, 'application/xml', PETS_XML);
      case '/data.bin':
        return send(response, 200, 'application/octet-stream', DATA_BIN);
      case '/redirecting':
        response.writeHead(302, {
          location: '/redirected',
          'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT',
        });
        return response.end();
      case '/redirected':
        return send(response, 200, 'text/plain', 'landed');
      case '/404.html':
        return send(response, 404, 'text/html', '<p>not here</p>');
      case '/login': {
        const token = request.headers['x-csrf-token'];
        response.writeHead(token === '7d1e4f' ? 302 : 403, { location: '/home' });
        return response.end();
      }
      case '/api/contact':
        return json(response, { id: 'c-42', received: body === '' ? null : (JSON.parse(body) as unknown) });
      case '/echo':
        return send(response, 200, 'application/json', body);
      default:
        if (url.pathname.startsWith('/home/pets/'))
          return json(response, { id: url.pathname.slice('/home/pets/'.length) });
        return send(response, 404, 'text/plain', 'no such fixture');
    }
  });
}
