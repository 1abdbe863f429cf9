import createClient from 'openapi-fetch';
import type { paths } from './generated/schema';

/**
 * A client that knows the API from its OpenAPI document alone: `paths` is generated from the
 * served document, and every call below is checked against it by the type checker before it runs.
 * Multipart bodies are encoded as the document says: files as binary parts, objects and lists as
 * JSON parts.
 */
export interface JourneyInput {
  fetch: (request: Request) => Promise<Response>;
  member: { email: string; password: string };
  admin: { email: string; password: string };
  image: Blob;
}

function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value, `${name}.png`);
    else if (typeof value === 'object' && value !== null) form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

export async function runOpenApiJourney(input: JourneyInput) {
  const client = createClient<paths>({ baseUrl: 'http://localhost:3000', fetch: input.fetch });

  const login = await client.POST('/api/v1/login', { body: input.member });
  if (!login.data) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
  const memberAuth = { Authorization: `Bearer ${login.data.data.api_token}` };

  const submission = await client.POST('/api/v1/user/movie-detail-request', {
    headers: memberAuth,
    body: {
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'Director',
      title: 'Monsoon Letters',
      link: 'https://www.youtube.com/watch?v=abc123',
      platform: 'youtube',
      cast: [
        { name: 'Ravi Kumar', jobTitle: 'Actor' },
        { name: 'Meera Nair', jobTitle: 'Cinematographer', email: 'meera@example.com' },
      ],
      thumnail: input.image,
      'cast[0][image]': input.image,
      'cast[1][image]': input.image,
    },
    bodySerializer: formData,
  });

  const adminLogin = await client.POST('/api/v1/login', { body: input.admin });
  if (!adminLogin.data) throw new Error(`admin login failed: ${JSON.stringify(adminLogin.error)}`);
  const adminAuth = { Authorization: `Bearer ${adminLogin.data.data.api_token}` };

  const person = await client.POST('/api/v1/admin/people', {
    headers: adminAuth,
    body: { name: 'Kiran Desai', email: 'kiran@example.com', photo: input.image },
    bodySerializer: formData,
  });

  return {
    submission: { status: submission.response.status, data: submission.data, error: submission.error },
    person: { status: person.response.status, data: person.data, error: person.error },
  };
}
