/** The English text of each field problem of an error body ({fields: {path: {key, message}}}), by path. */
export function fieldTexts(body: { fields?: Record<string, { message: string }> }): Record<string, string> {
  return Object.fromEntries(Object.entries(body.fields ?? {}).map(([path, problem]) => [path, problem.message]));
}
