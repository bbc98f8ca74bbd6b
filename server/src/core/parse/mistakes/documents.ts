import type { YAMLError } from 'yaml';
import type { Explained, MistakeContext } from './explain';
import { everythingAfter } from './unclosed';

/** `Source contains multiple documents`: at the `---` or `...` line that ends the first one. */
export const explainSecondDocument = (error: YAMLError, ctx: MistakeContext): Explained | undefined => {
  const { lines } = ctx;
  for (let line: ReturnType<typeof lines.at> | undefined = lines.at(error.pos[0]); line; line = line.number > 1 ? lines.line(line.number - 1) : undefined) {
    const marker = /^(---|\.\.\.)(?:\s|$)/.exec(lines.text.slice(line.start, line.end))?.[1];
    if (!marker) continue;
    const what = marker === '---' ? '`---` starts a second YAML document' : '`...` ends the YAML document';
    return {
      span: { start: line.start, end: line.start + 3 },
      message: `${what} here, but a metadata file holds one document: nothing after this line is read. Remove the line.`,
      claims: everythingAfter(lines, line.start),
    };
  }
  return undefined;
};
