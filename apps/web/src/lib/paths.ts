/** Addresses of the pages, as the spec names them. */
export const paths = {
  home: '/',
  login: '/login',
  phoneLogin: '/phone-login',
  resetPassword: '/reset-password',
  profile: '/profile',
  training: '/training',
  trainingAttempt: '/training-attempt',
  verifyEmail: '/verify-email',
  verifyPhone: '/verify-phone',
  updatePassword: '/update-password',
  approvals: '/approvals',
  approvalDetail: '/approval-detail',
  pendingRequests: '/pending-requests',
  createUser: '/users/create',
  manageDealers: '/manage-dealers',
  allDealers: '/all-dealers',
  allUsers: '/all-users',
  accessControl: '/access-control',
  alerts: '/alerts',
  rica: '/rica',
  adminSection: '/admin-section',
  outbox: '/outbox',
  userDetail: '/user-detail',
  manageUser: '/manage-user',
  /** The built-in signer's public page (decision 034): '/sign-contract/{token}'. */
  signContract: '/sign-contract',
  childDealerDownstream: '/child-dealer-downstream',
  dealerDownstream: '/dealer-downstream',
  dealerAgents: '/dealer-agents',
  dealerDetail: '/dealer-detail',
  settings: '/settings',
  settingsLevels: '/settings/levels',
  settingsServices: '/settings/services',
  settingsSuppliers: '/settings/suppliers',
  settingsProductTypes: '/settings/product-types',
  settingsBanner: '/settings/banner',
  addSupplier: '/addSupplier',
  editSupplier: '/edit-supplier',
  adminSupplier: '/admin/Supplier',
  addProduct: '/add-product',
  editProduct: '/edit-product',
  deals: '/deals',
  orderOverride: '/order-override',
  editSalesNote: '/edit-sales-note',
  importFibreActivity: '/import-fibre-activity',
  importSadvAgentsCsv: '/import-sadv-agents-csv',
  commissions: '/commissions',
  leaderboard: '/agent-dash/leaderBoard',
  leadManagement: '/agent-dash/lead-management',
  activeOrders: '/agent-dash/active-orders',
  supplier: '/Supplier',
  salesLeadsAdmin: '/sales-leads-admin-view',
  adminAgentSupport: '/admin-agent-support',
  supportStatuses: '/helpdesk/support-statuses',
  cannedReplies: '/helpdesk/canned-replies',
  trainingModules: '/training-modules',
} as const;

/** A supplier's dashboard (spec 2 "Supplier page"): '/Supplier/{supplierId}'. */
export const supplierPath = (supplierId: number): string => `${paths.supplier}/${supplierId}`;

/** Where the e-mailed verification link lands: '/verify-email/{verificationId}'. */
export const verifyEmailPath = (verificationId: string): string => `${paths.verifyEmail}/${verificationId}`;

/** '/user-detail/{dealerId}' (spec 1 §2.10). */
export const userDetailPath = (dealerId: number): string => `${paths.userDetail}/${dealerId}`;

/** The manage-user screen of spec 1 §2.11: '/manage-user/{dealerId}'. */
export const manageUserPath = (dealerId: number): string => `${paths.manageUser}/${dealerId}`;

/** 'Send alert' to one dealer: the alert form with the dealer chosen. */
export const alertToPath = (dealerId: number): string => `${paths.alerts}/create?to=${dealerId}`;

/** The downstream view of a dealer (spec 1 §2.9). */
export const childDealerDownstreamPath = (dealerId: number): string => `${paths.childDealerDownstream}/${dealerId}`;

/** One request to approve or resubmit: '/approval-detail/{id}' (spec 1 §2.11a). */
export const approvalDetailPath = (id: number): string => `${paths.approvalDetail}/${id}`;

/** Edit a supplier (spec 3 §2.1): '/edit-supplier/{id}'. */
export const editSupplierPath = (supplierId: number): string => `${paths.editSupplier}/${supplierId}`;

/** The supplier's admin page with its products (spec 3 §2.12): '/admin/Supplier/{id}'. */
export const adminSupplierPath = (supplierId: number): string => `${paths.adminSupplier}/${supplierId}`;

/** Add a product to a supplier: '/add-product/{supplier}'. */
export const addProductPath = (supplierId: number): string => `${paths.addProduct}/${supplierId}`;

/** Edit a product, linked from its card: '/edit-product/{supplierId}/{productId}'. */
export const editProductPath = (supplierId: number, productId: number): string =>
  `${paths.editProduct}/${supplierId}/${productId}`;
