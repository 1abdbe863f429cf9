/** Page size of the grids: divisible by 2, 3, 4 and 6 columns. */
export const GRID_PAGE_SIZE = 24;
