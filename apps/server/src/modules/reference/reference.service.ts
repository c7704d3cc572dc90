// The reference lists (spec 1 §9) as other modules see them: the option lists for the pages and
// the checks that a chosen option exists.
export {
  bankAccountTypeExists,
  countryExists,
  findBankByName,
  findReferenceLists,
  provinceExists,
  shirtSizeExists,
  userTypeExists,
} from './reference.queries.ts';
