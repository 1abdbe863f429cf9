interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, such as "Titles pages". */
  label?: string;
}

/** The pages to offer: the first, the last and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  }
  return result;
}

/** "Showing 26–50 of 120" with previous, next and page links; pair it with `useUrlState`. */
export function Pagination({ page, perPage, total, onPageChange, label = 'Pages' }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <div className="admin-pagination">
      <p className="admin-pagination__summary" aria-live="polite">
        {total === 0 ? 'Nothing to show' : `Showing ${first}–${last} of ${total}`}
      </p>
      {pageCount > 1 ? (
        <nav aria-label={label}>
          <ul className="pagination pagination-sm mb-0">
            <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPageChange(page - 1)}
                disabled={page <= 1}
              >
                Previous
              </button>
            </li>
            {pageWindow(page, pageCount).map((n, index) =>
              n === null ? (
                <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
                  <span className="page-link">…</span>
                </li>
              ) : (
                <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    aria-current={n === page ? 'page' : undefined}
                    aria-label={`Page ${n}`}
                    onClick={() => onPageChange(n)}
                  >
                    {n}
                  </button>
                </li>
              ),
            )}
            <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPageChange(page + 1)}
                disabled={page >= pageCount}
              >
                Next
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
