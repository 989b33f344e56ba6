// Decodes the bodies and query strings the stripe SDK sends: `application/x-www-form-urlencoded`
// with bracketed keys (`line_items[0][price]=price_1`, `expand[0]=items`). Arrays arrive as
// indexed keys; an object whose keys are all indexes becomes an array. Every leaf stays a string,
// exactly as Stripe receives it; handlers coerce what they need.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  if (encoded.trim() === '') return root;
  for (const pair of encoded.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    assign(root, splitKey(key), value);
  }
  return arrayify(root) as FormObject;
}

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

function assign(target: FormObject, path: string[], value: string): void {
  let node: FormObject = target;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as FormObject;
  });
}

function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** Reads helpers: the fake's handlers use these instead of casting form values by hand. */
export const form = {
  str(obj: FormObject | undefined, key: string): string | undefined {
    const v = obj?.[key];
    return typeof v === 'string' ? v : undefined;
  },
  int(obj: FormObject | undefined, key: string): number | undefined {
    const v = form.str(obj, key);
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n)) throw new TypeError(`${key} must be an integer, got ${v}`);
    return n;
  },
  bool(obj: FormObject | undefined, key: string): boolean | undefined {
    const v = form.str(obj, key);
    if (v === undefined) return undefined;
    return v === 'true';
  },
  obj(obj: FormObject | undefined, key: string): FormObject | undefined {
    const v = obj?.[key];
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
  },
  list(obj: FormObject | undefined, key: string): FormValue[] {
    const v = obj?.[key];
    if (Array.isArray(v)) return v;
    if (typeof v === 'object' && v !== null) return Object.values(v);
    return v === undefined || v === '' ? [] : [v];
  },
  strings(obj: FormObject | undefined, key: string): string[] {
    return form.list(obj, key).filter((v): v is string => typeof v === 'string');
  },
  objects(obj: FormObject | undefined, key: string): FormObject[] {
    return form.list(obj, key).filter((v): v is FormObject => typeof v === 'object' && !Array.isArray(v));
  },
  metadata(obj: FormObject | undefined, key = 'metadata'): Record<string, string> {
    const m = form.obj(obj, key) ?? {};
    return Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string'));
  },
};
