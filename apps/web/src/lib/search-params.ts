import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * The site's query strings are plain text: `?thread=1795777922.484000`, not TanStack Router's
 * default JSON (`?thread=%221795777922.484000%22`, as a number-like string is quoted to stay a
 * string). Every value is read as the string it is; none of the site's pages takes numbers or
 * objects from the address. A value written in the old JSON form (a quoted string, from a link
 * or bookmark made before) is still read as its string.
 */
const QUOTED = /^".*"$/s;

/** Throws for a plain value, so the router leaves it as it is; unwraps a JSON-quoted string. */
function parseQuoted(value: string): string {
  if (QUOTED.test(value)) {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed;
  }
  throw new Error('a plain value');
}

export const parseSearch = parseSearchWith(parseQuoted);
/** A string that would read as a quoted one is quoted again, so it comes back as written. */
export const stringifySearch = stringifySearchWith(JSON.stringify, parseQuoted);
