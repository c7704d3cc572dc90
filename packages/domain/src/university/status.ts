/**
 * The university status code of a user (spec 1 §4 "University status code", spec 3 §4.1,
 * docs/decisions/004-university-status.md):
 * - 102: some compulsory module is not passed (type-1 users are held in the waiting state);
 * - 101: every compulsory module is passed, but not every relevant one ('Do training' warning);
 * - 0: every relevant module is passed (also: nothing relevant, and always for admins);
 * - -1: the status could not be worked out.
 */
export const UNIVERSITY_STATUS = {
  allPassed: 0,
  compulsoryPassed: 101,
  compulsoryMissing: 102,
  error: -1,
} as const;
export type UniversityStatusCode = (typeof UNIVERSITY_STATUS)[keyof typeof UNIVERSITY_STATUS];

/** The user facts the relevance rule reads. */
export interface UniversityUser {
  isAdmin: boolean;
  isLeader: boolean;
  /**
   * refs_max_structure_level_id (1 Admin … 8 Agent); falls back to the user's depth in the tree
   * when unset. A larger number is lower in the structure.
   */
  maxStructureLevel: number | null;
}

/** One active module as seen from one user (gathered by one set-based query on the server). */
export interface UniversityModuleFacts {
  moduleId: number;
  isCompulsory: boolean;
  /** 1 (or none) everyone; a higher value (3, "leader") leaders only. */
  trainingTypes: number | null;
  /** For leader modules: the structure level it is meant for (default 1 = every leader). */
  structureLevelId: number | null;
  /** The module names suppliers / product types (active index rows). */
  hasSuppliers: boolean;
  hasProductTypes: boolean;
  /** The user shares at least one of them. */
  supplierMatch: boolean;
  productTypeMatch: boolean;
  /** Some attempt of the user on this module passed. */
  passed: boolean;
}

/**
 * Relevant when the user's suppliers and product types intersect the module's (each condition
 * holds when the module names none), and the training type applies: type 1 (or none) to
 * everyone; a leader type only to leaders, and when the module names a structure level only to
 * leaders whose max structure level is at or below it (a number at least as large).
 */
export function isModuleRelevant(user: UniversityUser, module: UniversityModuleFacts): boolean {
  if (user.isAdmin) return true;
  if (module.hasSuppliers && !module.supplierMatch) return false;
  if (module.hasProductTypes && !module.productTypeMatch) return false;
  const type = module.trainingTypes ?? 1;
  if (type <= 1) return true;
  if (!user.isLeader) return false;
  if (module.structureLevelId === null) return true;
  const level = user.maxStructureLevel ?? 1;
  return level >= module.structureLevelId;
}

export interface UniversityProgress {
  status: UniversityStatusCode;
  relevant: { passed: number; total: number };
  compulsory: { passed: number; total: number };
}

/** Counts and status code over the modules that are relevant to the user. */
export function universityProgress(user: UniversityUser, modules: UniversityModuleFacts[]): UniversityProgress {
  const relevant = modules.filter((module) => isModuleRelevant(user, module));
  const compulsory = relevant.filter((module) => module.isCompulsory);
  const passed = (list: UniversityModuleFacts[]) => list.filter((module) => module.passed).length;
  const progress = {
    relevant: { passed: passed(relevant), total: relevant.length },
    compulsory: { passed: passed(compulsory), total: compulsory.length },
  };
  let status: UniversityStatusCode = UNIVERSITY_STATUS.allPassed;
  if (user.isAdmin) status = UNIVERSITY_STATUS.allPassed;
  else if (progress.compulsory.passed < progress.compulsory.total) status = UNIVERSITY_STATUS.compulsoryMissing;
  else if (progress.relevant.passed < progress.relevant.total) status = UNIVERSITY_STATUS.compulsoryPassed;
  return { status, ...progress };
}

export function universityStatus(user: UniversityUser, modules: UniversityModuleFacts[]): UniversityStatusCode {
  return universityProgress(user, modules).status;
}
