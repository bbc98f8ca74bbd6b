// A small YAML emitter in the engine CLI's style: block mappings, sequences indented under their
// key, `|` block scalars for multi-line strings, quotes only where YAML needs them. Deterministic:
// keys come out in insertion order.

const PLAIN = /^[A-Za-z_/$][A-Za-z0-9_ ./$-]*$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** A JS value (objects, arrays, strings, numbers, booleans, null) as a YAML document. */
export function toYaml(value) {
  if (!isComplex(value)) return `${scalar(value, 2)}\n`;
  const out = [];
  block(value, 0, out);
  return `${out.join('\n')}\n`;
}

function isComplex(v) {
  return v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
}

function block(value, indent, out) {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isComplex(item)) {
        const sub = [];
        block(item, indent + 2, sub);
        out.push(`${pad}- ${sub[0].slice(indent + 2)}`, ...sub.slice(1));
      } else {
        out.push(`${pad}- ${scalar(item, indent + 2)}`);
      }
    }
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isComplex(item)) {
      out.push(`${pad}${key}:`);
      block(item, indent + 2, out);
    } else {
      out.push(`${pad}${key}: ${scalar(item, indent + 2)}`);
    }
  }
}

/** One scalar (or an empty collection); multi-line strings become block scalars at `indent`. */
function scalar(v, indent) {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v.includes('\n')) {
    const body = v.endsWith('\n') ? v.slice(0, -1) : v;
    const pad = ' '.repeat(indent);
    return `${v.endsWith('\n') ? '|' : '|-'}\n${body
      .split('\n')
      .map((l) => (l ? pad + l : ''))
      .join('\n')}`;
  }
  const plain = PLAIN.test(v) && !RESERVED.test(v) && !v.endsWith(' ') && !/^[0-9.+-]/.test(v) && !v.includes(': ') && !v.includes(' #');
  if (plain) return v;
  // The engine CLI writes includes double-quoted: "!include public_author.yaml".
  if (v.startsWith('!include ') && !/["\\]/.test(v)) return `"${v}"`;
  return `'${v.replaceAll("'", "''")}'`;
}
