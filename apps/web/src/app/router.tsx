import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../lib/paths';
import { access } from './access';
import { NotFoundPage, RouteErrorScreen } from './error-screens';
import { Guard, LoginRoute, NOT_FOUND_ROUTE_ID, RequireUser, SignedOutOnly } from './route-gates';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader fullPage />,
    children: [
      { path: paths.login, element: <LoginRoute /> },
      {
        element: <SignedOutOnly />,
        children: [
          {
            path: paths.phoneLogin,
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/phone-login-page')).PhoneLoginPage,
            }),
          },
        ],
      },
      // Public: the signing link is the proof, whoever holds it (signed in or not).
      {
        path: `${paths.signContract}/:token`,
        lazy: async () => ({
          Component: (await import('../features/contracts/pages/sign-contract-page')).SignContractPage,
        }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import('../features/accounts/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        element: <RequireUser />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./dashboard-route')).DashboardRoute }),
          },
          // Everyone signed in, waiting or not (spec 1 §2.2).
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/profile-page')).ProfilePage,
            }),
          },
          {
            path: paths.updatePassword,
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/update-password-page')).UpdatePasswordPage,
            }),
          },
          {
            path: `${paths.verifyEmail}/:verificationId`,
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/verify-email-page')).VerifyEmailPage,
            }),
          },
          {
            path: paths.verifyPhone,
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/verify-phone-page')).VerifyPhonePage,
            }),
          },
          {
            path: `${paths.training}/:status?/:category?/:supplier?`,
            lazy: async () => ({
              Component: (await import('../features/university/pages/university-page')).UniversityPage,
            }),
          },
          {
            path: `${paths.trainingAttempt}/:id/:status?/:category?/:supplier?`,
            lazy: async () => ({
              Component: (await import('../features/university/pages/training-attempt-page')).TrainingAttemptPage,
            }),
          },
          // Not while waiting.
          {
            element: <Guard rule={access.notWaiting} />,
            children: [
              {
                path: paths.approvals,
                lazy: async () => ({
                  Component: (await import('../features/approvals/pages/approvals-page')).ApprovalsPage,
                }),
              },
              {
                path: `${paths.approvalDetail}/:id`,
                lazy: async () => ({
                  Component: (await import('../features/approvals/pages/approval-detail-page')).ApprovalDetailPage,
                }),
              },
              {
                path: paths.pendingRequests,
                lazy: async () => ({
                  Component: (await import('../features/approvals/pages/pending-requests-page')).PendingRequestsPage,
                }),
              },
              {
                // The server refuses a supplier the user may not open; the page says so.
                path: `${paths.supplier}/:supplierId`,
                lazy: async () => ({ Component: (await import('./supplier-route')).SupplierRoute }),
              },
            ],
          },
          {
            element: <Guard rule={access.leaderOrAdmin} />,
            children: [
              {
                path: paths.createUser,
                lazy: async () => ({
                  Component: (await import('../features/onboarding/pages/create-user-page')).CreateUserPage,
                }),
              },
            ],
          },
          {
            // The page itself tells who may not see it (spec 1 §2.8 'You don't have access to this page').
            path: paths.manageDealers,
            lazy: async () => ({
              Component: (await import('../features/teams/pages/manage-dealers-page')).ManageDealersPage,
            }),
          },
          {
            element: <Guard rule={access.manageTeams} />,
            children: [
              ...[paths.childDealerDownstream, paths.dealerDownstream].map((path) => ({
                path: `${path}/:dealerId`,
                lazy: async () => ({
                  Component: (await import('../features/teams/pages/downstream-page')).DownstreamPage,
                }),
              })),
              {
                path: `${paths.dealerDetail}/:dealerId`,
                lazy: async () => ({
                  Component: (await import('../features/teams/pages/dealer-detail-page')).DealerDetailPage,
                }),
              },
            ],
          },
          {
            // Reach is the server's to decide (admin any, leader own downstream, agent self); a
            // refusal shows the access-denied page.
            element: <Guard rule={access.leaderboard} />,
            children: [
              {
                path: paths.leaderboard,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/leaderboard-page')).LeaderboardPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.notWaiting} />,
            children: [
              {
                path: paths.activeOrders,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/active-orders-page')).ActiveOrdersPage,
                }),
              },
              {
                path: paths.leadManagement,
                lazy: async () => ({
                  Component: (await import('../features/tickets/pages/lead-management-page')).LeadManagementPage,
                }),
              },
              {
                path: `${paths.userDetail}/:dealerId`,
                lazy: async () => ({
                  Component: (await import('./user-detail-route')).UserDetailRoute,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.manageTeams} />,
            children: [
              {
                path: `${paths.manageUser}/:dealerId`,
                lazy: async () => ({ Component: (await import('./manage-user-route')).ManageUserRoute }),
              },
            ],
          },
          {
            element: <Guard rule={access.leaderOrAdmin} />,
            children: [
              {
                path: paths.alerts,
                lazy: async () => ({
                  Component: (await import('../features/alerts/pages/alerts-landing-page')).AlertsLandingPage,
                }),
              },
              {
                path: `${paths.alerts}/create`,
                lazy: async () => ({
                  Component: (await import('../features/alerts/pages/alert-create-page')).AlertCreatePage,
                }),
              },
              {
                path: `${paths.alerts}/view`,
                lazy: async () => ({
                  Component: (await import('../features/alerts/pages/alerts-view-page')).AlertsViewPage,
                }),
              },
              {
                path: `${paths.alerts}/:id/edit`,
                lazy: async () => ({
                  Component: (await import('../features/alerts/pages/alert-edit-page')).AlertEditPage,
                }),
              },
              {
                path: paths.rica,
                lazy: async () => ({ Component: (await import('../features/rica/pages/rica-page')).RicaPage }),
              },
            ],
          },
          {
            element: <Guard rule={access.managePeople} />,
            children: [
              {
                path: paths.allDealers,
                lazy: async () => ({
                  Component: (await import('../features/teams/pages/all-dealers-page')).AllDealersPage,
                }),
              },
              {
                path: `${paths.dealerAgents}/:dealerId`,
                lazy: async () => ({
                  Component: (await import('../features/teams/pages/dealer-agents-page')).DealerAgentsPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.accessControl} />,
            children: [
              {
                path: paths.accessControl,
                lazy: async () => ({
                  Component: (await import('../features/access-control/pages/access-control-page')).AccessControlPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.admin} />,
            children: [
              {
                path: paths.adminSection,
                lazy: async () => ({
                  Component: (await import('../features/admin-hub/pages/admin-hub-page')).AdminHubPage,
                }),
              },
              {
                path: paths.allUsers,
                lazy: async () => ({
                  Component: (await import('../features/teams/pages/all-users-page')).AllUsersPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.importOrders} />,
            children: [
              {
                path: paths.importFibreActivity,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/fibre-import-page')).FibreImportPage,
                }),
              },
              {
                path: paths.importSadvAgentsCsv,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/agent-list-import-page')).AgentListImportPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.commissions} />,
            children: [
              {
                path: paths.commissions,
                lazy: async () => ({
                  Component: (await import('../features/commissions/pages/commissions-page')).CommissionsPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.deals} />,
            children: [
              {
                path: paths.deals,
                lazy: async () => ({ Component: (await import('../features/catalogue/pages/deals-page')).DealsPage }),
              },
            ],
          },
          {
            element: <Guard rule={access.trainingAdmin} />,
            children: [
              {
                path: paths.trainingModules,
                lazy: async () => ({
                  Component: (await import('../features/training-admin/pages/training-modules-page'))
                    .TrainingModulesPage,
                }),
              },
              {
                path: '/training-content/:moduleId/:moduleName?',
                lazy: async () => ({
                  Component: (await import('../features/training-admin/pages/training-content-page'))
                    .TrainingContentPage,
                }),
              },
              {
                path: '/training-marks/:moduleId/:moduleName?',
                lazy: async () => ({
                  Component: (await import('../features/training-admin/pages/training-marks-page')).TrainingMarksPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.orderOverride} />,
            children: [
              {
                path: paths.orderOverride,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/order-override-page')).OrderOverridePage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.editSalesNote} />,
            children: [
              {
                path: paths.editSalesNote,
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/edit-sales-note-page')).EditSalesNotePage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.settings} />,
            children: [
              {
                path: paths.settings,
                lazy: async () => ({
                  Component: (await import('../features/settings/pages/settings-page')).SettingsPage,
                }),
              },
              {
                path: paths.settingsLevels,
                lazy: async () => ({ Component: (await import('../features/settings/pages/levels-page')).LevelsPage }),
              },
              {
                path: paths.settingsServices,
                lazy: async () => ({
                  Component: (await import('../features/settings/pages/services-page')).ServicesPage,
                }),
              },
              {
                path: paths.settingsBanner,
                lazy: async () => ({ Component: (await import('../features/settings/pages/banner-page')).BannerPage }),
              },
            ],
          },
          {
            // The catalogue's admin screens (spec 3 §2.1, §2.12): every admin; the supplier page
            // shows its deals only with the Deals flag.
            element: <Guard rule={access.catalogue} />,
            children: [
              {
                path: paths.settingsProductTypes,
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/product-types-page')).ProductTypesPage,
                }),
              },
              {
                path: paths.settingsSuppliers,
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/suppliers-page')).SuppliersPage,
                }),
              },
              ...[paths.addSupplier, `${paths.editSupplier}/:id`].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/supplier-form-page')).SupplierFormPage,
                }),
              })),
              {
                path: `${paths.adminSupplier}/:id`,
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/supplier-detail-page')).SupplierDetailPage,
                }),
              },
              ...[`${paths.addProduct}/:supplierId`, `${paths.editProduct}/:supplierId/:productId`].map((path) => ({
                path,
                lazy: async () => ({
                  Component: (await import('../features/catalogue/pages/product-form-page')).ProductFormPage,
                }),
              })),
            ],
          },
          {
            // The helpdesk consoles (spec 3 §2.1, §2.2): each by its flag; a flagless admin gets
            // the access-denied page.
            element: <Guard rule={access.salesAssistAdmin} />,
            children: [
              {
                path: paths.salesLeadsAdmin,
                lazy: async () => ({
                  Component: (await import('../features/helpdesk/pages/helpdesk-console-page')).SalesLeadsAdminPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.agentSupportAdmin} />,
            children: [
              {
                path: paths.adminAgentSupport,
                lazy: async () => ({
                  Component: (await import('../features/helpdesk/pages/helpdesk-console-page')).AgentSupportAdminPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.helpdeskAdmin} />,
            children: [
              {
                path: paths.supportStatuses,
                lazy: async () => ({
                  Component: (await import('../features/helpdesk/pages/support-statuses-page')).SupportStatusesPage,
                }),
              },
              {
                path: paths.cannedReplies,
                lazy: async () => ({
                  Component: (await import('../features/helpdesk/pages/canned-replies-page')).CannedRepliesPage,
                }),
              },
            ],
          },
          {
            element: <Guard rule={access.outbox} />,
            children: [
              {
                path: paths.outbox,
                lazy: async () => ({ Component: (await import('../features/outbox/pages/outbox-page')).OutboxPage }),
              },
            ],
          },
          { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
