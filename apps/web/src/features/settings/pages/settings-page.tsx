import DesignServicesRoundedIcon from '@mui/icons-material/DesignServicesRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import PanoramaRoundedIcon from '@mui/icons-material/PanoramaRounded';
import StairsRoundedIcon from '@mui/icons-material/StairsRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { type NavLink, NavLinkList } from '../../../components/nav-link-list';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The settings pages (spec 3 §2.1), every one open to every admin. */
export const SETTINGS_LINKS: NavLink[] = [
  {
    label: 'Levels',
    description: 'Leader levels: name, level and description',
    to: paths.settingsLevels,
    icon: <StairsRoundedIcon />,
  },
  {
    label: 'Services',
    description: 'The service list: add and remove services',
    to: paths.settingsServices,
    icon: <DesignServicesRoundedIcon />,
  },
  {
    label: 'Suppliers',
    description: 'Suppliers, their contacts and products',
    to: paths.settingsSuppliers,
    icon: <LocalShippingRoundedIcon />,
  },
  {
    label: 'Product Types',
    description: 'The product types suppliers offer',
    to: paths.settingsProductTypes,
    icon: <LayersRoundedIcon />,
  },
  {
    label: 'Banner',
    description: 'The banner image on the dashboard',
    to: paths.settingsBanner,
    icon: <PanoramaRoundedIcon />,
  },
];

/** '/settings': the settings hub. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="Settings" subtitle="Levels, services, suppliers, product types and the dashboard banner" />
      <Paper variant="outlined">
        <NavLinkList links={SETTINGS_LINKS} label="Settings" dividers />
      </Paper>
    </Box>
  );
}
