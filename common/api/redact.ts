/** Removes a secret from text and from every string inside a JSON-like value. */

const MASK = '***';

export function redactText(text: string, secret: string | undefined): string {
  if (secret === undefined || secret === '') return text;
  return text.split(secret).join(MASK);
}

export function redactDeep(value: unknown, secret: string | undefined): unknown {
  if (secret === undefined || secret === '') return value;
  if (typeof value === 'string') return redactText(value, secret);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secret));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactText(k, secret)] = redactDeep(v, secret);
    return out;
  }
  return value;
}
