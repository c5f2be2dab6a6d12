// A table of the desk's: column headings, then a row of cells per item, in a
// region named `label` that scrolls sideways on a phone and, so that keyboard
// users can scroll it too, takes focus.
import type { ReactNode } from 'react';

export interface TableRow {
  key: string;
  cells: ReactNode[];
}

export function Table({ label, columns, rows }: { label: string; columns: string[]; rows: TableRow[] }) {
  return (
    <div className="desk-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="desk-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
