import { Parser } from 'yaml';
import type { CST } from 'yaml';

/**
 * yaml's parser (2.9.1, pinned) asks, at every comment or space token of a list or mapping item
 * that has no value yet, whether the item's `start` tokens are only line breaks and spaces
 * (`atIndentedComment`), by walking all of them: an item followed by 40,000 empty lines, then
 * 19,000 indented comment lines, took 40,000 steps per comment, 2.8 s for a 420 kB file (fuzz seed
 * 32000001, case 1753). This keeps, per `start` array, how far it is known to hold only those and
 * where the first other token is, so each question costs only the tokens pushed since the last
 * one. The parser only ever appends to a `start` array or cuts its tail off
 * (getFirstKeyStartProps), which the memo follows; the answer is the same as yaml's.
 */
interface Scanned {
  /** start[0, upTo) were looked at. */
  upTo: number;
  /** The index of the first token that is neither a line break nor a space, or -1 (none below upTo). */
  other: number;
}

const scanned = new WeakMap<readonly CST.SourceToken[], Scanned>();

/** Whether every token of `start` is a line break or a space (yaml's `start.every(...)`), in amortized constant time. */
export function onlyBreaksAndSpaces(start: readonly CST.SourceToken[]): boolean {
  let memo = scanned.get(start);
  if (memo === undefined) {
    memo = { upTo: 0, other: -1 };
    scanned.set(start, memo);
  }
  // A tail cut off: what is left was looked at already.
  if (memo.other >= start.length) memo.other = -1;
  if (memo.upTo > start.length) memo.upTo = start.length;
  if (memo.other >= 0) return false;
  for (; memo.upTo < start.length; memo.upTo++) {
    const type = start[memo.upTo]!.type;
    if (type !== 'newline' && type !== 'space') {
      memo.other = memo.upTo++;
      return false;
    }
  }
  return true;
}

interface ParserState {
  readonly type: string | undefined;
  readonly indent: number;
}

/** yaml's own `atIndentedComment`, with the walk over `start` memoized. */
function atIndentedComment(this: ParserState, start: readonly CST.SourceToken[], indent: number): boolean {
  if (this.type !== 'comment') return false;
  if (this.indent <= indent) return false;
  return onlyBreaksAndSpaces(start);
}

const proto = Parser.prototype as unknown as { atIndentedComment?: unknown };
if (typeof proto.atIndentedComment !== 'function') throw new Error('yaml: Parser.atIndentedComment is gone; see parse/parserFix.ts');
/** yaml's own method (the tests compare the parses with both). */
export const yamlAtIndentedComment = proto.atIndentedComment;
proto.atIndentedComment = atIndentedComment;
