import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * A route's validator that remembers what it made of the last `size` valid inputs, for a public
 * GET whose inputs repeat all day (the marketplace's first page, its popular filters): an input seen
 * before costs a Map lookup instead of a zod parse. The key is the input as JSON (the query string's
 * parsed object), the value is frozen, because every request with that input shares it. Invalid
 * inputs are not kept: each gets its 400 from zod as usual. The least recently used entry goes first.
 */
export function memoizedValidator<S>(size: number): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = validatorCompiler(route as never) as (data: unknown) => { value?: unknown; error?: Error };
    const seen = new Map<string, { value: unknown }>();
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const hit = seen.get(key);
      if (hit) {
        seen.delete(key);
        seen.set(key, hit);
        return hit;
      }
      const result = validate(data);
      if (result.error) return result;
      const kept = { value: Object.freeze(result.value) };
      seen.set(key, kept);
      if (seen.size > size) seen.delete(seen.keys().next().value!);
      return kept;
    };
  };
}
