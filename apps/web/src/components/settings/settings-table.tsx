import type { ReactNode } from 'react';

/** A settings table: the scrolling wrapper, one header row of column names, then the page's rows. */
export function SettingsTable(props: { columns: string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
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
