import type { FastifyInstance } from 'fastify';

/**
 * A form's fields as a query string's are read: a name given more than once is a list of its
 * values in order (Subsonic's `id=1&id=2`, OpenSubsonic's formPost), a name given once its value.
 * A null-prototype object: a field named `__proto__` or `constructor` is a field like any other.
 */
export function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else fields[name] = [seen, value];
  }
  return fields;
}

/** POST params may arrive as an HTML form, as the reference server accepts them. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, formFields(String(body))),
  );
}
