/** A plain-text table: the first row is the header, the first column left-aligned, others right. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      );
      const text = line.join('  ');
      return index === 0 ? `${text}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : text;
    })
    .join('\n');
}
