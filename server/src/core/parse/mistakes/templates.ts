import { isMap, isScalar, visit, YAMLParseError } from 'yaml';
import type { Document, YAMLMap } from 'yaml';
import type { Explained, MistakeContext } from './explain';
import { unquotedTemplate } from './keys';
import { keyOf, restOfLine } from './lines';

/**
 * An `{{ENV_VAR}}` template written without quotes (`url: {{API_URL}}`): valid YAML, but a mapping
 * whose key is a mapping, never the text the engine reads the variable from.
 */
class TemplateError extends YAMLParseError {
  readonly yamlCode = 'UNQUOTED_TEMPLATE';

  constructor(start: number, end: number) {
    super([start, end], 'BAD_SCALAR_START', 'An {{ENV_VAR}} template must be quoted');
  }
}

/** The unquoted templates of a document; cheap for a text without `{{` (most files). */
export function unquotedTemplates(doc: Document.Parsed, text: string): TemplateError[] {
  const starts = new Set<number>();
  for (let at = text.indexOf('{{'); at >= 0; at = text.indexOf('{{', at + 2)) if (startsNode(text, at)) starts.add(at);
  if (starts.size === 0) return [];
  const out: TemplateError[] = [];
  visit(doc, {
    Map(_, node) {
      const range = node.range;
      if (node.flow && range && starts.has(range[0]) && isTemplate(node)) out.push(new TemplateError(range[0], range[1]));
    },
  });
  return out;
}

/** Whether `{{` at `at` can start a node: after `key:`, `-`, `[`, `,` or at a line's start (not inside a quoted or plain string). */
function startsNode(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || ':-[,\n\r'.includes(text[i]!);
}

/** `{{NAME}}` as YAML reads it: a flow mapping whose one key is a flow mapping of one plain key, no values. */
function isTemplate(node: YAMLMap): boolean {
  const [item] = node.items;
  if (node.items.length !== 1 || !item || item.value !== null || !isMap(item.key) || !item.key.flow) return false;
  const [inner] = item.key.items;
  return item.key.items.length === 1 && inner !== undefined && isScalar(inner.key) && inner.value === null;
}

export const explainTemplate = (error: YAMLParseError, ctx: MistakeContext): Explained | undefined => {
  if (!(error instanceof TemplateError)) return undefined;
  const line = ctx.lines.at(error.pos[0]);
  const value = restOfLine(ctx.lines, error.pos[0]);
  return {
    span: { start: error.pos[0], end: error.pos[0] + value.length },
    message: unquotedTemplate(value, keyOf(line)),
    claims: { start: line.start, end: line.end + 1 },
  };
};
