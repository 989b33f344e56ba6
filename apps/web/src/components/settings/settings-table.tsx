import type { ReactNode } from 'react';

/**
 * A settings table: the scrolling wrapper, one header row of column names, then the page's rows.
 * On a narrow screen the wrapper scrolls sideways: it is a named region in the Tab order, so a
 * keyboard user can scroll it with the arrow keys even when its rows hold nothing focusable.
 */
export function SettingsTable(props: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={props.label}>
      <table className="settings-table">
        <thead>
          <tr>
            {props.columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
