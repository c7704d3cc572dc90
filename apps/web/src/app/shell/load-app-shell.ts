/**
 * The signed-in shell's chunk. Started as soon as /api/me answers with a user (beside the answer's
 * schema), so a signed-in load fetches both at once rather than one after the other.
 */
export const loadAppShell = () => import('./app-shell');
