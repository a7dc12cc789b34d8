import type { ReactNode } from 'react';
import type { ViewTable } from '../../../src/render/document-view';

/** A table of the view (lines, taxes, documents paid): its title as a heading that names the table, a header of columns. */
export function ViewTableBlock({ table, id, children }: { table: ViewTable; id: string; children?: ReactNode }) {
  // The first column (a line's number, or a tax's category) heads its row.
  return (
    <section className="view-table" aria-labelledby={id}>
      <h3 id={id}>{table.title}</h3>
      <div className="table-scroll">
        <table aria-labelledby={id} className="reflow">
          <thead>
            <tr>
              {table.columns.map((column, index) => (
                <th key={index} scope="col" className={`align-${column.align}`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th
                      key={index}
                      scope="row"
                      data-label={table.columns[index]?.label}
                      className={`align-${table.columns[index]?.align ?? 'left'}`}
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={index} data-label={table.columns[index]?.label} className={`align-${table.columns[index]?.align ?? 'left'}`}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {children}
    </section>
  );
}
