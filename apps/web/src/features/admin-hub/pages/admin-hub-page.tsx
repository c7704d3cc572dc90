import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import AssignmentIndRoundedIcon from '@mui/icons-material/AssignmentIndRounded';
import EditNoteRoundedIcon from '@mui/icons-material/EditNoteRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import FileDownloadRoundedIcon from '@mui/icons-material/FileDownloadRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import QuickreplyRoundedIcon from '@mui/icons-material/QuickreplyRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import SimCardRoundedIcon from '@mui/icons-material/SimCardRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { type AccessRule, access } from '../../../app/access';
import { PRODUCT_NAME } from '../../../app/texts';
import { type NavLink, NavLinkList } from '../../../components/nav-link-list';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';

interface HubLink extends NavLink {
  shown: AccessRule;
}

interface HubSection {
  title: string;
  links: HubLink[];
}

/**
 * The hub's sections (spec 3 §2.2), each link shown by the flag its page needs (the server refuses
 * the same calls without it). Sections of screens still to come (Finance) appear as those
 * screens land, never as a dead end.
 */
export const HUB_SECTIONS: HubSection[] = [
  {
    title: 'Imports',
    links: [
      {
        label: 'Import Fibre Activity',
        description: "A supplier's fibre orders from its CSV",
        to: paths.importFibreActivity,
        icon: <UploadFileRoundedIcon />,
        shown: access.importOrders,
      },
      {
        label: 'Agent CSV Import',
        description: "A supplier's agent list, matched to our dealers",
        to: paths.importSadvAgentsCsv,
        icon: <GroupsRoundedIcon />,
        shown: access.importOrders,
      },
      {
        label: 'Commissions',
        description: 'Freeze, stamp, summarise, pay out and close the period',
        to: paths.commissions,
        icon: <PaymentsRoundedIcon />,
        shown: access.commissions,
      },
    ],
  },
  {
    title: 'Settings',
    links: [
      {
        label: 'Settings',
        description: 'Levels, services, suppliers, product types and the banner',
        to: paths.settings,
        icon: <SettingsRoundedIcon />,
        shown: access.settings,
      },
      {
        label: 'Deals',
        description: "Suppliers' deals and their commission rates",
        to: paths.deals,
        icon: <HandshakeRoundedIcon />,
        shown: access.deals,
      },
    ],
  },
  {
    title: 'Agent Actions',
    links: [
      {
        label: 'Manage Teams',
        description: 'Every team, create users and bulk status changes',
        to: paths.manageDealers,
        icon: <GroupsRoundedIcon />,
        shown: access.manageTeams,
      },
      {
        label: 'All Dealers',
        description: 'Dealers with their direct agents',
        to: paths.allDealers,
        icon: <StorefrontRoundedIcon />,
        shown: access.managePeople,
      },
      {
        label: 'All Users',
        description: 'Export every user to CSV',
        to: paths.allUsers,
        icon: <FileDownloadRoundedIcon />,
        shown: access.exportUsers,
      },
      {
        label: 'Approvals',
        description: 'Pending and declined user requests',
        to: paths.approvals,
        icon: <FactCheckRoundedIcon />,
        shown: access.admin,
      },
      {
        label: 'Access Control',
        description: "Admins' feature flags",
        to: paths.accessControl,
        icon: <AdminPanelSettingsRoundedIcon />,
        shown: access.accessControl,
      },
      {
        label: 'RICA',
        description: 'Register a SIM card',
        to: paths.rica,
        icon: <SimCardRoundedIcon />,
        shown: access.leaderOrAdmin,
      },
      {
        label: 'Outbox',
        description: 'E-mail and SMS sent by the portal',
        to: paths.outbox,
        icon: <MarkEmailReadRoundedIcon />,
        shown: access.outbox,
      },
      {
        label: 'Manual Order Override',
        description: 'Reassign unmatched orders to a dealer',
        to: paths.orderOverride,
        icon: <SwapHorizRoundedIcon />,
        shown: access.orderOverride,
      },
      {
        label: 'Edit Sales Note',
        description: "Dealers' logged sales by supplier",
        to: paths.editSalesNote,
        icon: <EditNoteRoundedIcon />,
        shown: access.editSalesNote,
      },
    ],
  },
  {
    title: 'Helpdesk',
    links: [
      {
        label: 'Sales Assist',
        description: "Dealers' sales assist leads: status, feedback and messages",
        to: paths.salesLeadsAdmin,
        icon: <AssignmentIndRoundedIcon />,
        shown: access.salesAssistAdmin,
      },
      {
        label: 'Agent Support',
        description: "Dealers' support tickets: status, feedback and messages",
        to: paths.adminAgentSupport,
        icon: <SupportAgentRoundedIcon />,
        shown: access.agentSupportAdmin,
      },
      {
        label: 'Support Statuses',
        description: 'Categories and sub-statuses per supplier, and which wait on the supplier',
        to: paths.supportStatuses,
        icon: <RuleRoundedIcon />,
        shown: access.helpdeskAdmin,
      },
      {
        label: 'Canned Replies',
        description: 'Ready answers with the dealer name and ticket number filled in',
        to: paths.cannedReplies,
        icon: <QuickreplyRoundedIcon />,
        shown: access.helpdeskAdmin,
      },
    ],
  },
  {
    title: `${PRODUCT_NAME} University`,
    links: [
      {
        label: 'Training Modules',
        description: 'Modules, their videos, files and questions, and the marks',
        to: paths.trainingModules,
        icon: <SchoolRoundedIcon />,
        shown: access.trainingAdmin,
      },
    ],
  },
];

export function hubSectionsFor(user: CurrentUser): HubSection[] {
  return HUB_SECTIONS.map((section) => ({
    ...section,
    links: section.links.filter((link) => link.shown(user)),
  })).filter((section) => section.links.length > 0);
}

/** An id for aria-labelledby, which reads a space as a separator between ids. */
const sectionId = (section: HubSection) => `hub-${section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** '/admin-section': the admin hub. */
export function AdminHubPage() {
  useDocumentTitle('Admin');
  const user = useSignedInUser();
  const sections = hubSectionsFor(user);
  return (
    <Box>
      <PageHeader title="Admin" subtitle="Everything you can manage, by section" />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(420px, 1fr))' },
        }}
      >
        {sections.map((section) => (
          <Paper key={section.title} variant="outlined" component="section" aria-labelledby={sectionId(section)}>
            <Typography id={sectionId(section)} variant="h6" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
              {section.title}
            </Typography>
            <NavLinkList links={section.links} />
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
