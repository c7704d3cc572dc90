/**
 * The import rules `npm run check` holds the tree to (docs/decisions/012): no cycles; a web feature
 * never imports another feature (shared pieces live in components/ and lib/); a server module
 * reaches another module only through that module's service, never its queries.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle makes start-up order and tests fragile.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      comment: 'Features do not import each other; move the shared piece to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'module-reads-other-modules-queries',
      comment: "A module uses another module's service, not its SQL.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/.+\\.queries\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
