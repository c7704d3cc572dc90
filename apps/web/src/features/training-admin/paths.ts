/** The module name rides in the address after the id (spec 3 §2.1); the pages read the id only. */
const moduleSegment = (name: string): string => encodeURIComponent(name.trim() || 'module');

/** A module's content editor: '/training-content/{id}/{name}'. */
export const trainingContentPath = (moduleId: number, name: string): string =>
  `/training-content/${moduleId}/${moduleSegment(name)}`;

/** A module's marks: '/training-marks/{id}/{name}'. */
export const trainingMarksPath = (moduleId: number, name: string): string =>
  `/training-marks/${moduleId}/${moduleSegment(name)}`;
