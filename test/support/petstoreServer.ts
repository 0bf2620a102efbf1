import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestHandler } from './testServer.js';

/**
 * The Petstore of test/fixtures/openapi (both documents describe the same API under `/v1`). `keepsContract`
 * false breaks it the ways a server drifts from its document: `id` sent as text (wrong type), an unknown pet
 * answered with 500 (a status the 3.1 document does not list) and a text error (an undocumented content type).
 */
export interface Petstore {
  handler: TestHandler;
  keepsContract: boolean;
}

interface Pet {
  id: number;
  name: string;
  tag?: string;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-next': '/v1/pets?page=2' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
}

export function createPetstore(): Petstore {
  const pets: Pet[] = [
    { id: 1, name: 'Rex', tag: 'dog' },
    { id: 2, name: 'Tom' },
  ];
  const store: Petstore = {
    keepsContract: true,
    handler: (request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const shown = (pet: Pet) => (store.keepsContract ? pet : { ...pet, id: String(pet.id) });
      if (url.pathname === '/v1/pets' && request.method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? 100);
        return send(response, 200, pets.slice(0, limit).map(shown));
      }
      if (url.pathname === '/v1/pets' && request.method === 'POST') {
        void readBody(request).then((text) => {
          const input = JSON.parse(text || '{}') as { name?: string; tag?: string };
          const pet: Pet = {
            id: pets.length + 1,
            name: input.name ?? 'unnamed',
            ...(input.tag ? { tag: input.tag } : {}),
          };
          pets.push(pet);
          // Both documents say `201: Null response`: no body.
          response.writeHead(201, { location: `/v1/pets/${pet.id}` });
          response.end();
        });
        return;
      }
      const byId = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
      if (byId && request.method === 'GET') {
        const pet = pets.find((candidate) => String(candidate.id) === byId[1]);
        if (pet) return send(response, 200, shown(pet));
        if (store.keepsContract) return send(response, 404, { code: 404, message: 'no such pet' });
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end('no such pet');
      }
      send(response, 404, { code: 404, message: 'not found' });
    },
  };
  return store;
}
