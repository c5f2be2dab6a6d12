// A plain aligned text table in titled sections: figures right-aligned, text left-aligned.

type Cell = string | number | null | undefined;

export interface TableSection {
  title: string;
  columns: string[];
  rows: Cell[][];
}

const show = (cell: Cell) => (cell === null || cell === undefined ? '–' : String(cell));

/** Numbers, and figures such as "12.3 / 4.1", line up on the right. */
const looksNumeric = (cell: Cell) => cell == null || typeof cell === 'number' || /^[\d.,\s/%–-]+$/.test(cell);

function formatSection({ title, columns, rows }: TableSection): string {
  const cells = [columns, ...rows.map((row) => row.map(show))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const numeric = columns.map((_, i) => rows.length > 0 && rows.every((row) => looksNumeric(row[i])));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [title, rule, line(columns), rule, ...cells.slice(1).map(line), ''].join('\n');
}

export const formatTable = (sections: readonly TableSection[]) => sections.map(formatSection).join('\n');
