/** Zero-based line/character position; characters are UTF-16 code units, as in LSP. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** Converts offsets into a text to positions and back, in O(log lines). */
export class LineIndex {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    this.starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low]! };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.starts[Math.max(0, position.line)]!;
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1]! : this.text.length;
    return Math.min(start + Math.max(0, position.character), next);
  }
}
