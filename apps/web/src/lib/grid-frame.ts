/**
 * The box around a Data Grid: a column flex container, so the grid is as tall as its rows (a short
 * list stays compact) between a floor that leaves room for the 'no rows' text and a ceiling past
 * which it scrolls inside itself (MUI X "flex parent container" layout).
 */
export const gridFrameSx = { display: 'flex', flexDirection: 'column', minHeight: 240, maxHeight: 720 } as const;
