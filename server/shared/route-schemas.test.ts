import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser } from '../../test/users';
import { MSG } from '../../common/core/messages';

// Route schemas (server/shared/route-schemas.ts): refused input keeps its Italian answer, and the
// OpenAPI document lists the routes with the schemas they declare.
describe('route schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a malformed id is a 404 with the route message; a missing body names its first field; an unknown field names itself', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/gruppi/01', headers: bearer(admin), payload: { name: 'X', components: [] } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: MSG.groups.notFoundUpdate });
    const empty = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: bearer(admin) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: MSG.groups.nameRequired });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: bearer(admin), payload: { name: 'A', components: [{ nome: 'L', cognome: 'B' }], colore: 'blu' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: MSG.http.unknownField('colore') });
  });

  it('GET /api/docs/json is an OpenAPI document with the declared body of a route', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const post = doc.paths['/api/gruppi'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('components');
    expect(post.responses['201']).toBeDefined();
    expect(doc.paths['/api/docs/json']).toBeUndefined();
  });

  it('GET /api/health declares both its answers: 200 up, 503 down', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(admin) })).json();
    const answers = doc.paths['/api/health'].get.responses;
    expect(answers['200'].content['application/json'].schema.properties.database).toMatchObject({ enum: ['up'] });
    expect(answers['503'].content['application/json'].schema.anyOf[0].properties.database).toMatchObject({ enum: ['down'] });
  });
});
