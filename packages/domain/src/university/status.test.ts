import { describe, expect, it } from 'vitest';
import {
  isModuleRelevant,
  UNIVERSITY_STATUS,
  type UniversityModuleFacts,
  type UniversityUser,
  universityProgress,
  universityStatus,
} from './status.ts';

const agent: UniversityUser = { isAdmin: false, isLeader: false, maxStructureLevel: 8 };
const leader: UniversityUser = { isAdmin: false, isLeader: true, maxStructureLevel: 5 };
const admin: UniversityUser = { isAdmin: true, isLeader: false, maxStructureLevel: 1 };

let nextId = 0;
function module(overrides: Partial<UniversityModuleFacts> = {}): UniversityModuleFacts {
  nextId += 1;
  return {
    moduleId: nextId,
    isCompulsory: false,
    trainingTypes: 1,
    structureLevelId: null,
    hasSuppliers: false,
    hasProductTypes: false,
    supplierMatch: false,
    productTypeMatch: false,
    passed: false,
    ...overrides,
  };
}

describe('isModuleRelevant', () => {
  it('takes a module naming no suppliers or product types as relevant to everyone', () => {
    expect(isModuleRelevant(agent, module())).toBe(true);
    expect(isModuleRelevant(agent, module({ trainingTypes: null }))).toBe(true);
  });

  it('needs a shared supplier when the module names suppliers, and a shared product type likewise', () => {
    expect(isModuleRelevant(agent, module({ hasSuppliers: true }))).toBe(false);
    expect(isModuleRelevant(agent, module({ hasSuppliers: true, supplierMatch: true }))).toBe(true);
    expect(isModuleRelevant(agent, module({ hasProductTypes: true }))).toBe(false);
    expect(
      isModuleRelevant(
        agent,
        module({ hasSuppliers: true, supplierMatch: true, hasProductTypes: true, productTypeMatch: false }),
      ),
    ).toBe(false);
    expect(
      isModuleRelevant(
        agent,
        module({ hasSuppliers: true, supplierMatch: true, hasProductTypes: true, productTypeMatch: true }),
      ),
    ).toBe(true);
  });

  it('gives leader-type modules to leaders only', () => {
    expect(isModuleRelevant(agent, module({ trainingTypes: 3 }))).toBe(false);
    expect(isModuleRelevant(leader, module({ trainingTypes: 3 }))).toBe(true);
  });

  it('gives a leader module with a structure level to leaders at or below that level', () => {
    expect(isModuleRelevant(leader, module({ trainingTypes: 3, structureLevelId: 1 }))).toBe(true);
    expect(isModuleRelevant(leader, module({ trainingTypes: 3, structureLevelId: 5 }))).toBe(true);
    expect(isModuleRelevant(leader, module({ trainingTypes: 3, structureLevelId: 6 }))).toBe(false);
    expect(
      isModuleRelevant({ ...leader, maxStructureLevel: null }, module({ trainingTypes: 3, structureLevelId: 2 })),
    ).toBe(false);
  });

  it('shows admins every module', () => {
    expect(isModuleRelevant(admin, module({ hasSuppliers: true, trainingTypes: 3, structureLevelId: 8 }))).toBe(true);
  });
});

describe('universityStatus (spec 1 §4, decision 004)', () => {
  it('is 0 when every relevant module is passed, or nothing is relevant', () => {
    expect(universityStatus(agent, [])).toBe(UNIVERSITY_STATUS.allPassed);
    expect(universityStatus(agent, [module({ passed: true }), module({ isCompulsory: true, passed: true })])).toBe(0);
    expect(universityStatus(agent, [module({ hasSuppliers: true })])).toBe(0);
  });

  it('is 102 when some compulsory module is not passed', () => {
    expect(universityStatus(agent, [module({ isCompulsory: true }), module({ passed: true })])).toBe(102);
    expect(universityStatus(agent, [module({ isCompulsory: true }), module()])).toBe(102);
  });

  it('is 101 when every compulsory module is passed but some relevant one is not', () => {
    expect(universityStatus(agent, [module({ isCompulsory: true, passed: true }), module()])).toBe(101);
    expect(universityStatus(agent, [module()])).toBe(101);
  });

  it('ignores a compulsory module that is not relevant', () => {
    expect(universityStatus(agent, [module({ isCompulsory: true, trainingTypes: 3 })])).toBe(0);
  });

  it('is always 0 for admins', () => {
    expect(universityStatus(admin, [module({ isCompulsory: true })])).toBe(0);
  });

  it('reports passed and total counts of relevant and compulsory modules', () => {
    const progress = universityProgress(leader, [
      module({ isCompulsory: true, passed: true }),
      module({ isCompulsory: true }),
      module({ passed: true }),
      module({ trainingTypes: 3, structureLevelId: 7 }),
    ]);
    expect(progress).toEqual({
      status: 102,
      relevant: { passed: 2, total: 3 },
      compulsory: { passed: 1, total: 2 },
    });
  });
});
